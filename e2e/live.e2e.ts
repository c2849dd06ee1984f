import { describe, expect, test } from "vitest";
import { type Dashboard, fileItem, openDashboard, shownFileNames } from "./harness.ts";

/** Marks the page's JavaScript world: the mark is gone after any reload or full navigation. */
async function markPage(d: Dashboard) {
  await d.page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });
}
const notReloaded = (d: Dashboard) =>
  d.page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage === true);

async function waitLive(d: Dashboard) {
  await d.page.locator('[data-live-status="live"]').waitFor();
}

describe("live updates", () => {
  test("one session uploads; the other sees the file appear and become ready without a reload", async () => {
    const uploader = await openDashboard();
    const watcher = await openDashboard();
    const library = await uploader.fixtures.createLibrary(uploader.fixtures.unique("Live"));
    const folder = await uploader.fixtures.createFolder(library.id, "Campaign");
    for (const d of [uploader, watcher]) {
      await d.goto(`/folders/${folder.id}?sort=name&order=asc`);
      await d.page.getByRole("heading", { level: 1, name: "Campaign" }).waitFor();
      await waitLive(d);
    }
    await markPage(watcher);
    expect(await shownFileNames(watcher.page)).toEqual([]);

    await uploader.page.getByLabel("Choose files to upload").setInputFiles([
      {
        name: "launch.png",
        mimeType: "image/png",
        buffer: await uploader.fixtures.png(1600, 1200, { r: 220, g: 80, b: 40 }),
      },
    ]);

    // The folder view has no polling for new files: only the live stream can bring it.
    await expect.poll(() => shownFileNames(watcher.page), { timeout: 15_000 }).toEqual(["launch.png"]);
    const tile = fileItem(watcher.page, "launch.png");
    await tile.locator("img").first().waitFor({ timeout: 15_000 });
    await expect.poll(() => tile.getByText("Processing").count()).toBe(0);
    expect(await notReloaded(watcher)).toBe(true);
    await watcher.screenshot("watcher-sees-upload");
    await watcher.expectAccessible("folder with the live indicator");
  });

  test("a comment written elsewhere appears on an open file page", async () => {
    const d = await openDashboard();
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Live comments"));
    const file = await d.fixtures.uploadPng({ name: "poster.png", library_id: library.id });
    await d.goto(`/files/${file.id}`);
    await d.page.getByRole("heading", { level: 1, name: "poster.png" }).waitFor();
    await d.page.getByRole("tab", { name: "Comments" }).click();
    await waitLive(d);
    await markPage(d);

    await d.api("POST", `/v1/files/${file.id}/comments`, { text: "Can we warm the colours up?" });
    await d.page.getByText("Can we warm the colours up?").waitFor({ timeout: 15_000 });
    expect(await notReloaded(d)).toBe(true);
  });

  test("after the stream drops it reconnects and refetches what may have been missed", async () => {
    const d = await openDashboard();
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Live offline"));
    await d.goto(`/libraries/${library.id}`);
    await d.page.getByRole("heading", { level: 1, name: library.name }).waitFor();
    await waitLive(d);
    await markPage(d);

    // Offline: the stream drops, and a folder is created meanwhile (its event cannot reach this page).
    await d.context.setOffline(true);
    await d.page.locator('[data-live-status="reconnecting"]').waitFor({ timeout: 15_000 });
    await d.fixtures.createFolder(library.id, "Made while offline");
    await d.context.setOffline(false);
    await waitLive(d);
    await d.page.getByRole("link", { name: "Made while offline" }).first().waitFor({ timeout: 15_000 });
    expect(await notReloaded(d)).toBe(true);
  });

  test("the endpoint the live updates arrive through is shown but cannot be edited, disabled or deleted", async () => {
    const d = await openDashboard();
    // The dashboard's server registers its endpoint once a screen listens for live updates.
    await d.goto("/webhooks");
    await waitLive(d);
    let receiver: { id: string } | undefined;
    for (let cursor = ""; !receiver; ) {
      const page = await d.api("GET", `/v1/webhooks?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
      receiver = page.data.find(
        (w: { description: string }) => w.description === "Brandspace dashboard: live updates",
      );
      if (!page.has_more) break;
      cursor = page.next_cursor;
    }
    await d.goto(`/webhooks/${receiver!.id}`);
    await d.page.getByRole("heading", { level: 2, name: "Deliveries" }).waitFor();
    for (const name of ["Edit", "More endpoint actions"])
      expect(await d.page.getByRole("button", { name }).getAttribute("aria-disabled")).toBe("true");
    expect(await d.page.getByRole("switch").getAttribute("aria-disabled")).toBe("true");
    // Sending it a test event stays possible: it changes nothing.
    expect(
      await d.page.getByRole("button", { name: "Send test event" }).getAttribute("aria-disabled"),
    ).toBeNull();
  });
});
