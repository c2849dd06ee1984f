import { readFile } from "node:fs/promises";
import { describe, expect, test } from "vitest";
import { type Dashboard, expectToast, openDashboard, serviceApi, zipEntries } from "./harness.ts";

/** A fresh browser context with no session: a visitor who only has the link. */
async function visitor(url: string): Promise<Dashboard> {
  const v = await openDashboard({ login: false });
  await v.page.goto(url, { waitUntil: "load" });
  return v;
}

describe("sharing", () => {
  test("share a folder with a password, open it as a visitor, then revoke it", async () => {
    const { api, fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Press"));
    const folder = await fixtures.createFolder(library.id, "Press kit");
    const wordmark = await fixtures.uploadPng(
      { name: "wordmark.png", folder_id: folder.id },
      { width: 400, height: 200 },
    );
    const question = await api("POST", `/v1/files/${wordmark.id}/comments`, { text: "Final colours?" });
    await api("POST", `/v1/files/${wordmark.id}/comments/${question.id}/replies`, { text: "Yes, approved." });
    await api("POST", `/v1/files/${wordmark.id}/comments/${question.id}/resolve`);

    const d = await openDashboard();
    await d.goto(`/folders/${folder.id}`);
    await d.page.getByRole("heading", { level: 1, name: "Press kit" }).waitFor();
    await d.page.getByRole("button", { name: "Share" }).click();
    const dialog = d.page.getByRole("dialog", { name: /Share folder/ });
    await dialog.getByLabel("Password").fill("agency-2026");
    await dialog.getByLabel("Visitors", { exact: true }).selectOption("comment");
    await dialog.getByRole("button", { name: "Create link" }).click();
    const url = await dialog.getByLabel("Shared link").inputValue();
    expect(url).toMatch(new RegExp(`^${d.url}/s/[\\w-]{32}$`));
    await d.expectAccessible("share dialog");
    await dialog.getByRole("button", { name: "Done" }).click();

    const v = await visitor(url);
    await v.page.getByRole("heading", { name: "This shared link is protected" }).waitFor();
    await v.page.getByLabel("Password").fill("wrong password");
    await v.page.getByRole("button", { name: "Open" }).click();
    await v.page.getByRole("alert").getByText("That password is not right.").waitFor();
    await v.page.getByLabel("Password").fill("agency-2026");
    await v.page.getByRole("button", { name: "Open" }).click();
    // Opened, the focus goes to the share's heading, not back to the page.
    await expect
      .poll(() =>
        v.page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`),
      )
      .toBe("H1 Press kit");
    const files = v.page.getByRole("list", { name: "Files in this share" });
    await files.getByText("wordmark.png").click();
    const view = v.page.getByRole("region", { name: "File wordmark.png" });
    await view.getByRole("img", { name: "wordmark.png" }).waitFor();
    await expect
      .poll(() =>
        view.getByRole("img", { name: "wordmark.png" }).evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    // The preview's URL names the link (revoking it stops the URL too, below).
    const previewSrc = (await view.getByRole("img", { name: "wordmark.png" }).getAttribute("src"))!;
    expect(previewSrc).toContain("/v1/shared-link-content/");
    // A comment link shows the team's comments, with their replies, but has no download.
    const thread = view
      .getByRole("region", { name: "Comments" })
      .getByRole("listitem")
      .filter({ hasText: "Final colours?" });
    await thread.getByRole("list", { name: "Replies" }).getByText("Yes, approved.").waitFor();
    // A resolved comment says so.
    await thread.getByText("Resolved", { exact: true }).waitFor();
    expect(await view.getByRole("button", { name: "Download" }).count()).toBe(0);
    await v.expectAccessible("visitor share page");
    await v.screenshot("visitor-share");
    // The visitor never holds the dashboard's key or a session.
    expect(await v.findInTraces(d.service.ownerKey)).toEqual([]);
    expect((await v.traces()).cookies).toEqual([]);
    // The open file is in the page's address (a visitor can send it on); Back closes its view, Forward reopens it.
    const opened = new URL(v.page.url()).searchParams.get("file");
    expect(opened).toMatch(/^fil_/);
    await v.page.goBack();
    await expect.poll(() => view.count()).toBe(0);
    expect(new URL(v.page.url()).searchParams.get("file")).toBeNull();
    await v.page.goForward();
    await view.getByRole("img", { name: "wordmark.png" }).waitFor();
    // Escape closes it too.
    await v.page.keyboard.press("Escape");
    await expect.poll(() => view.count()).toBe(0);
    expect(new URL(v.page.url()).searchParams.get("file")).toBeNull();

    await d.goto("/shared-links");
    const row = d.page.getByRole("row").filter({ hasText: "Press kit" });
    await row.getByRole("cell", { name: "1", exact: true }).waitFor();
    await d.expectAccessible("shared links screen");
    await d.screenshot("shared-links");
    await row.getByRole("button", { name: /^Revoke the link/ }).click();
    await d.page.getByRole("dialog").getByRole("button", { name: "Revoke link" }).click();
    await expectToast(d.page, "Link revoked");

    await v.page.reload();
    await v.page.getByRole("heading", { name: "This link is not available" }).waitFor();
    // What the page showed stops with the link at once, not when its signed URL expires.
    const status = await v.page.evaluate(
      async (src) => (await fetch(src, { cache: "no-store" })).status,
      previewSrc,
    );
    expect(status).toBe(404);
  });

  test("a file's own links are listed on its page, to copy, edit and revoke", async () => {
    const { fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Single"));
    const file = await fixtures.uploadPng({ name: "badge.png", library_id: library.id });
    const d = await openDashboard();
    await d.goto(`/files/${file.id}`);
    await d.page.getByRole("heading", { level: 1, name: "badge.png" }).waitFor();
    const section = d.page.getByRole("region", { name: "Shared links" });
    await section.getByText("Not shared outside the team.").waitFor();
    await section.getByRole("button", { name: "Share" }).click();
    const dialog = d.page.getByRole("dialog", { name: /Share file/ });
    // A link to one file opens on it: no layout to choose.
    expect(await dialog.getByLabel("Layout").count()).toBe(0);
    // A day typed in the past is refused in the dialog's own words, before any request.
    const expiry = dialog.getByLabel(/^Expires/);
    await expiry.fill("2020-01-01");
    await dialog.getByRole("button", { name: "Create link" }).click();
    await dialog.getByText("That expiry date has passed: choose today or a later day.").waitFor();
    await expiry.fill("");
    await dialog.getByRole("button", { name: "Create link" }).click();
    const url = await dialog.getByLabel("Shared link").inputValue();
    await dialog.getByRole("button", { name: "Done" }).click();

    const links = section.getByRole("list", { name: "Shared links of this file" });
    const item = links.getByRole("listitem");
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain("No expiry");
    await d.screenshot("file-shared-links");
    await item.getByRole("button", { name: "Edit the link to badge.png" }).click();
    const edit = d.page.getByRole("dialog", { name: "Edit shared link" });
    expect(await edit.getByLabel("Shared link").inputValue()).toBe(url);
    await edit.getByRole("button", { name: "Cancel" }).click();
    await item.getByRole("button", { name: "Revoke the link to badge.png" }).click();
    await d.page.getByRole("dialog").getByRole("button", { name: "Revoke link" }).click();
    await expectToast(d.page, "Link revoked");
    await section.getByText("Not shared outside the team.").waitFor();
    expect((await d.api("GET", `/v1/files/${file.id}/shared-links`)).data).toEqual([]);
  });

  test("a link to one file opens on the file, with nothing to pick first", async () => {
    const { api, fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("One file"));
    const file = await fixtures.uploadPng({ name: "poster.png", library_id: library.id });
    const link = await api("POST", "/v1/shared-links", {
      target: { type: "file", id: file.id },
      access: "download",
    });
    const v = await visitor(link.url);
    await v.page.getByRole("heading", { level: 1, name: "poster.png" }).waitFor();
    const view = v.page.getByRole("region", { name: "File poster.png" });
    await view.getByRole("img", { name: "poster.png" }).waitFor();
    // Download saves the file, through a URL that names the link (revoking it would stop the URL too).
    const downloading = v.page.waitForEvent("download");
    await view.getByRole("button", { name: "Download" }).click();
    const saved = await downloading;
    expect(saved.suggestedFilename()).toBe("poster.png");
    expect(saved.url()).toContain(`/v1/shared-link-content/${link.id}/files/${file.id}/`);
    expect((await readFile((await saved.path())!)).subarray(1, 4).toString()).toBe("PNG");
    expect(await v.page.getByRole("list", { name: "Files in this share" }).count()).toBe(0);
    expect(await v.page.getByRole("button", { name: /^(Close|Grid|List)$/ }).count()).toBe(0);
    await v.expectAccessible("visitor page of a one-file link");
    await v.screenshot("visitor-one-file");
  });

  test("on a phone the shared links list fades where its columns go on past the edge", async () => {
    const { api, fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Phone links"));
    await api("POST", "/v1/shared-links", { target: { type: "library", id: library.id } });
    const d = await openDashboard({ viewport: { width: 390, height: 844 } });
    await d.goto("/shared-links");
    const box = d.page.getByRole("region", { name: "Shared links table" });
    await box.getByText(library.name).first().waitFor();
    const mask = () => box.evaluate((element) => getComputedStyle(element).maskImage);
    // Transparent (rgba 0) at the right edge only; scrolled to the end, at the left edge only.
    const clear = "rgba\\(0, 0, 0, 0\\)";
    await expect
      .poll(mask)
      .toMatch(new RegExp(`^linear-gradient\\(to right, rgb\\(0, 0, 0\\).*${clear}\\)$`));
    await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect
      .poll(mask)
      .toMatch(new RegExp(`^linear-gradient\\(to right, ${clear}.*rgb\\(0, 0, 0\\)\\)$`));
    await d.screenshot("phone-shared-links");
  });

  test("on a phone, a tapped file of a long share opens in view, below the files", async () => {
    const { api, fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Phone"));
    const folder = await fixtures.createFolder(library.id, "Campaign shots");
    for (let i = 1; i <= 8; i++) {
      await fixtures.uploadPng({ name: `shot-${i}.png`, folder_id: folder.id }, { width: 120, height: 90 });
    }
    const longName = "photo 2026-01-12 at 14.33.07 from the spring campaign shoot (edited).png";
    await fixtures.uploadPng({ name: longName, folder_id: folder.id }, { width: 120, height: 90 });
    const link = await api("POST", "/v1/shared-links", {
      target: { type: "folder", id: folder.id },
      access: "download",
    });
    const v = await openDashboard({ login: false, viewport: { width: 390, height: 844 } });
    await v.page.goto(link.url, { waitUntil: "load" });
    const files = v.page.getByRole("list", { name: "Files in this share" });
    await files.getByText("shot-1.png").click();
    const view = v.page.getByRole("region", { name: "File shot-1.png" });
    await view.getByRole("heading", { name: "shot-1.png" }).waitFor();
    // The view comes after eight tiles (four rows), below the first screen: it is scrolled into view.
    const inView = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    };
    await expect.poll(() => view.getByRole("heading", { name: "shot-1.png" }).evaluate(inView)).toBe(true);
    await expect.poll(() => view.getByRole("button", { name: "Download" }).evaluate(inView)).toBe(true);
    // Its preview too, not only its title bar at the bottom of the screen.
    await expect.poll(() => view.getByRole("img", { name: "shot-1.png" }).evaluate(inView)).toBe(true);
    expect(await v.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await v.screenshot("visitor-phone-file");
    // A file with a long name opened: the page still fits the phone's width (its title is shortened).
    await files.getByText(longName).click();
    await v.page.getByRole("region", { name: `File ${longName}` }).waitFor();
    expect(await v.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("download all of a folder share as one zip", async () => {
    const { api, fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Brand"));
    const folder = await fixtures.createFolder(library.id, "Brand kit");
    const sub = (
      await api("POST", "/v1/folders", { name: "Icons", library_id: library.id, parent_id: folder.id })
    ).id;
    await fixtures.uploadPng({ name: "wordmark.png", folder_id: folder.id });
    await fixtures.uploadPng({ name: "icon.png", folder_id: sub });
    const link = await api("POST", "/v1/shared-links", {
      target: { type: "folder", id: folder.id },
      access: "download",
    });

    const v = await visitor(link.url);
    await v.page.getByRole("heading", { level: 1, name: "Brand kit" }).waitFor();
    const downloading = v.page.waitForEvent("download");
    await v.page.getByRole("button", { name: "Download all" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Brand kit.zip");
    expect(await zipEntries((await download.path())!)).toEqual(["Icons/", "Icons/icon.png", "wordmark.png"]);
    expect((await v.traces()).cookies).toEqual([]);
  });

  test("create a transfer, watch it become ready, download its zip as a recipient, end it", async () => {
    const { fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Launch"));
    const name = `${fixtures.unique("keyvisual").replace(/\s+/g, "-")}.png`;
    await fixtures.uploadPng({ name, library_id: library.id });

    const d = await openDashboard();
    await d.goto("/transfers");
    await d.page.getByRole("button", { name: "New transfer" }).first().click();
    const dialog = d.page.getByRole("dialog", { name: "New transfer" });
    await dialog.getByLabel("Name").fill("Launch assets");
    await dialog.getByLabel("Message").fill("Here are the final files.");
    // Typed key by key, the picker asks once the typing pauses: each search counts on the search counter.
    const searches: string[] = [];
    d.page.on("request", (r) => {
      if (r.url().includes("/v1/files?") && r.url().includes("q=")) searches.push(r.url());
    });
    await dialog.getByLabel("Add from the library").pressSequentially(name.slice(0, -4), { delay: 30 });
    const found = dialog.getByRole("list", { name: "Files found" });
    await found.getByRole("button", { name }).click();
    await dialog.getByRole("list", { name: "In this transfer" }).getByText(name).waitFor();
    expect(searches).toHaveLength(1);
    // Picked, the hit says so and cannot be added twice.
    expect(await found.getByRole("button", { name }).isDisabled()).toBe(true);
    await found.getByRole("button", { name }).getByText("Added").waitFor();
    await d.screenshot("transfer-picker");
    await dialog.getByLabel("Files from your computer").setInputFiles({
      name: "brief.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Use the dark logo on photos.\n"),
    });
    await dialog.getByRole("button", { name: "Create transfer" }).click();
    // Created, the dialog gives the link to send, as the share dialog does.
    const created = d.page.getByRole("dialog", { name: "Transfer created" });
    await created.waitFor({ timeout: 20_000 });
    const link = await created.getByLabel("Transfer link").inputValue();
    await created.getByRole("button", { name: "Done" }).click();
    const row = d.page.getByRole("row").filter({ hasText: "Launch assets" });
    await row.getByText("Ready").waitFor({ timeout: 20_000 });
    await d.expectAccessible("transfers screen");
    await d.screenshot("transfers");
    const [transfer] = (await d.api("GET", "/v1/transfers?limit=1")).data;
    expect(transfer).toMatchObject({ name: "Launch assets", status: "ready", file_count: 2, url: link });

    const v = await visitor(transfer.url);
    await v.page.getByRole("heading", { name: "Launch assets" }).waitFor();
    await v.page.getByText("Here are the final files.").waitFor();
    const downloading = v.page.waitForEvent("download");
    await v.page.getByRole("link", { name: "Download all (.zip)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Launch assets.zip");
    expect(await zipEntries((await download.path())!)).toEqual(["brief.txt", name].sort());
    await v.expectAccessible("visitor transfer page");
    await v.screenshot("visitor-transfer");
    await expect
      .poll(async () => (await d.api("GET", `/v1/transfers/${transfer.id}`)).download_count)
      .toBe(1);

    await row.getByRole("button", { name: /^End the transfer/ }).click();
    await d.page.getByRole("dialog").getByRole("button", { name: "End transfer" }).click();
    await row.getByText("Ended early").waitFor();
    await v.page.reload();
    await v.page.getByRole("heading", { name: "This transfer has expired" }).waitFor();
  });

  test("finish a transfer that waits for files, change its settings on its page, end it there", async () => {
    const { api, fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Agency"));
    const name = `${fixtures.unique("mark").replace(/\s+/g, "-")}.png`;
    await fixtures.uploadPng({ name, library_id: library.id });
    const transfer = await api("POST", "/v1/transfers", { name: "For the agency", password: "first-pass" });
    expect(transfer).toMatchObject({ status: "awaiting_uploads", file_count: 0, password_protected: true });

    const d = await openDashboard();
    await d.goto("/transfers");
    await d.page.getByRole("link", { name: "For the agency" }).click();
    await d.page.getByRole("heading", { level: 1, name: "For the agency" }).waitFor();
    await d.page.getByRole("heading", { name: "Waiting for files" }).waitFor();
    await d.page.getByText("No files yet.").waitFor();
    await d.page.getByLabel("Add from the library").fill(name.slice(0, -4));
    await d.page.getByRole("button", { name }).click();
    await expectToast(d.page, `“${name}” added`);
    const files = d.page.getByRole("table", { name: "Files in this transfer" });
    await files.getByRole("row").filter({ hasText: name }).waitFor();
    await d.page.getByRole("button", { name: "Prepare the zip" }).click();
    await d.page.getByText("Ready", { exact: true }).waitFor({ timeout: 20_000 });
    const zip = d.page.getByRole("link", { name: "Download zip" });
    const downloading = d.page.waitForEvent("download");
    await zip.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("For the agency.zip");
    expect(await zipEntries((await download.path())!)).toEqual([name]);
    await d.expectAccessible("transfer page");
    await d.screenshot("transfer");

    await d.page.getByRole("button", { name: "Settings" }).click();
    const dialog = d.page.getByRole("dialog", { name: "Transfer settings" });
    await dialog.getByLabel("Name").fill("Logos for the agency");
    await dialog.getByLabel("Message").fill("The marks, as agreed.");
    await dialog.getByLabel("Remove the password").check();
    await d.expectAccessible("transfer settings");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectToast(d.page, "“Logos for the agency” saved");
    await d.page.getByRole("heading", { level: 1, name: "Logos for the agency" }).waitFor();
    await d.page.getByText("The marks, as agreed.").waitFor();
    expect(await api("GET", `/v1/transfers/${transfer.id}`)).toMatchObject({
      name: "Logos for the agency",
      message: "The marks, as agreed.",
      password_protected: false,
      download_count: 1,
    });

    await d.page.getByRole("button", { name: "End transfer" }).click();
    await d.page.getByRole("dialog").getByRole("button", { name: "End transfer" }).click();
    await d.page.getByText("Ended early").waitFor();
    expect(await d.page.getByRole("button", { name: "Settings" }).count()).toBe(0);
    expect(await d.page.getByRole("link", { name: "Download zip" }).count()).toBe(0);
  });
});
