import { readFile } from "node:fs/promises";
import { describe, expect, test } from "vitest";
import { type Dashboard, expectToast, openDashboard, shownFileNames } from "./harness.ts";

async function newPng(d: Dashboard, name: string, width: number, height: number) {
  const library = await d.fixtures.createLibrary(d.fixtures.unique("File page"));
  const folder = await d.fixtures.createFolder(library.id, "Posters");
  const bytes = await d.fixtures.png(width, height, { r: 220, g: 120, b: 30 });
  const created = await d.fixtures.uploadBytes({ name, folder_id: folder.id }, bytes);
  const file = await d.fixtures.waitUntilProcessed(created.id);
  return { library, folder, file, bytes };
}

/** The preview's picture, once it has pixels. */
async function expectPreview(d: Dashboard, name: string) {
  const image = d.page.getByRole("region", { name: "Preview" }).getByRole("img", { name });
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth).catch(() => 0), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
}

describe("file page", () => {
  test("tags in use are suggested as a tag is typed, the most used first", async () => {
    const d = await openDashboard();
    const word = `Autumn${Date.now()}`;
    const [a, b, c] = await Promise.all([
      newPng(d, "a.png", 40, 30),
      newPng(d, "b.png", 40, 30),
      newPng(d, "c.png", 40, 30),
    ]);
    await d.api("PATCH", `/v1/files/${a.file.id}`, { tags: [`${word} launch`, `${word}-print`] });
    await d.api("PATCH", `/v1/files/${b.file.id}`, { tags: [`${word}-print`] });
    await d.goto(`/files/${c.file.id}`);
    await d.page.getByRole("heading", { level: 1, name: "c.png" }).waitFor();
    const addTag = d.page.getByRole("combobox", { name: "Add tag" });
    await addTag.pressSequentially(word.slice(0, -2));
    const suggestions = d.page.getByRole("listbox", { name: "Suggestions" });
    await expect
      .poll(() => suggestions.getByRole("option").allTextContents())
      .toEqual([`${word}-print2 files`, `${word} launch1 file`]);
    await d.expectAccessible("file page, tag suggestions");
    await d.screenshot("tag-suggestions");
    // The arrows move through them; Enter adds the one highlighted.
    await addTag.press("ArrowDown");
    await addTag.press("ArrowDown");
    expect(await suggestions.getByRole("option", { selected: true }).textContent()).toContain(
      `${word} launch`,
    );
    await addTag.press("Enter");
    await expectToast(d.page, `Tag “${word} launch” added`);
    await expect
      .poll(async () => (await d.api("GET", `/v1/files/${c.file.id}`)).tags)
      .toEqual([`${word} launch`]);
    // A click adds one too, and a tag the file has is not offered again.
    await addTag.pressSequentially(word.slice(0, 6));
    await expect
      .poll(() => suggestions.getByRole("option").allTextContents())
      .toEqual([`${word}-print2 files`]);
    await suggestions.getByRole("option", { name: `${word}-print` }).click();
    await expect
      .poll(async () => (await d.api("GET", `/v1/files/${c.file.id}`)).tags)
      .toEqual([`${word} launch`, `${word}-print`]);
    await expect.poll(() => addTag.inputValue()).toBe("");
    // Each tag leads to every file that carries it.
    await d.page
      .getByRole("list", { name: "Tags" })
      .getByRole("link", { name: `${word} launch` })
      .click();
    await expect.poll(() => new URL(d.page.url()).pathname).toBe("/files");
    await expect.poll(() => shownFileNames(d.page).then((n) => n.sort())).toEqual(["a.png", "c.png"]);
    await d.page.getByRole("list", { name: "Active filters" }).getByText(`Tag: ${word} launch`).waitFor();
  });

  test("preview, tags and the original's download", async () => {
    const d = await openDashboard();
    const { folder, file, bytes } = await newPng(d, "poster.png", 800, 600);
    await d.goto(`/files/${file.id}`);
    await d.page.getByRole("heading", { level: 1, name: "poster.png" }).waitFor();
    // One size for one file: the details say what the folder's grid says (decimal units, docs/dashboard.md).
    const size =
      (await d.page
        .locator("dt", { hasText: /^Size$/ })
        .locator("xpath=following-sibling::dd[1]")
        .textContent()) ?? "";
    expect(size).toMatch(/^\d+(\.\d)? (bytes|kB|MB)$/);
    await d.goto(`/folders/${folder.id}`);
    const tile = d.page.getByRole("listitem").filter({ hasText: "poster.png" });
    await expect.poll(() => tile.textContent().catch(() => "")).toContain(size);
    await d.goto(`/files/${file.id}`);
    await d.page.getByRole("heading", { level: 1, name: "poster.png" }).waitFor();
    await expectPreview(d, "poster.png");
    await d.screenshot("file-light");
    await d.expectAccessible("file page, light");

    const addTag = d.page.getByRole("combobox", { name: "Add tag" });
    await addTag.fill("hero");
    await addTag.press("Enter");
    await expectToast(d.page, "Tag “hero” added");
    await addTag.fill("print, web");
    await addTag.press("Enter");
    await expectToast(d.page, "2 tags added");
    const tags = d.page.getByRole("list", { name: "Tags" });
    await expect.poll(() => tags.getByRole("listitem").allTextContents()).toEqual(["hero", "print", "web"]);
    expect((await d.api("GET", `/v1/files/${file.id}`)).tags).toEqual(["hero", "print", "web"]);
    await d.page.getByRole("button", { name: "Remove tag hero" }).click();
    await expect
      .poll(async () => (await d.api("GET", `/v1/files/${file.id}`)).tags)
      .toEqual(["print", "web"]);
    await expect.poll(() => tags.getByRole("listitem").allTextContents()).toEqual(["print", "web"]);

    const downloading = d.page.waitForEvent("download");
    await d.page.getByRole("button", { name: "Download", exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("poster.png");
    const saved = await download.path();
    expect(Buffer.compare(await readFile(saved), bytes), "the download is the original's bytes").toBe(0);

    // A new extension is allowed, with a word that it converts nothing; the same extension says nothing.
    const name = d.page.getByRole("textbox", { name: "File name" });
    await name.fill("poster.jpg");
    await d.page
      .getByRole("status")
      .filter({ hasText: "does not convert the file: it stays image/png" })
      .waitFor();
    await name.fill("poster-final.PNG");
    await expect.poll(() => d.page.getByText("does not convert the file").count()).toBe(0);
    await name.press("Escape");

    await d.setTheme("dark");
    await expectPreview(d, "poster.png");
    await d.screenshot("file-dark");
    await d.expectAccessible("file page, dark");
  });

  test("a picture that takes a while to arrive says it is loading, and stops saying so once it shows", async () => {
    const d = await openDashboard();
    const { file } = await newPng(d, "slow.png", 800, 600);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await d.page.route(/\/api\/v1\/content\/[^/]+\/[^/]+\/preview(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await d.goto(`/files/${file.id}`);
    const loading = d.page
      .getByRole("region", { name: "Preview" })
      .getByRole("status")
      .filter({ hasText: "Loading" });
    await loading.filter({ hasText: "Loading image…" }).waitFor();
    release();
    await expectPreview(d, "slow.png");
    await expect.poll(() => loading.count()).toBe(0);
  });

  test("look-alikes: a resized copy is listed with its similarity and opens on click", async () => {
    const d = await openDashboard();
    const { folder, file } = await newPng(d, "campaign.png", 800, 600);
    const copyBytes = await d.fixtures.png(400, 300, { r: 220, g: 120, b: 30 });
    const copy = await d.fixtures.waitUntilProcessed(
      (await d.fixtures.uploadBytes({ name: "campaign small.png", folder_id: folder.id }, copyBytes)).id,
    );
    await d.goto(`/files/${file.id}`);
    await d.page.getByRole("heading", { level: 1, name: "campaign.png" }).waitFor();
    const similar = d.page.getByRole("list", { name: "Similar files" });
    const match = similar.getByRole("link", { name: /campaign small\.png/ });
    await match.waitFor({ timeout: 15_000 });
    expect(await match.textContent()).toMatch(/\d+% similar/);
    // A real link: it opens in a new tab, is copied, middle-clicked like any other.
    expect(await match.getAttribute("href")).toBe(`/files/${copy.id}`);
    await d.expectAccessible("file page with look-alikes");
    await match.click();
    await d.page.getByRole("heading", { level: 1, name: "campaign small.png" }).waitFor();
    expect(new URL(d.page.url()).pathname).toBe(`/files/${copy.id}`);
  });

  test("versions: upload a new one, make the old one active, delete one; the active one is refused", async () => {
    const d = await openDashboard();
    const { file } = await newPng(d, "logo.png", 800, 600);
    await d.goto(`/files/${file.id}`);
    await d.page.getByRole("heading", { level: 1, name: "logo.png" }).waitFor();
    await d.page.getByRole("tab", { name: /Versions/ }).click();
    const versions = d.page.getByRole("list", { name: "Versions" });
    await versions.getByRole("heading", { name: "Version 1" }).waitFor();

    const second = await d.fixtures.png(400, 300, { r: 20, g: 160, b: 60 });
    await d.page
      .getByLabel("Choose a file for the new version")
      .setInputFiles({ name: "logo-v2.png", mimeType: "image/png", buffer: second });
    await versions.getByRole("heading", { name: "Version 2" }).waitFor({ timeout: 20_000 });
    await expect
      .poll(
        async () => {
          const f = await d.api("GET", `/v1/files/${file.id}`);
          return [f.version.count, f.version.active_number, f.status, f.resolution];
        },
        { timeout: 20_000 },
      )
      .toEqual([2, 2, "ready", "400x300"]);
    await d.screenshot("versions");
    await d.expectAccessible("versions panel");

    await d.page.getByRole("button", { name: "Activate version 1" }).click();
    await expectToast(d.page, "Version 1 is now the active version");
    await expect
      .poll(async () => {
        const f = await d.api("GET", `/v1/files/${file.id}`);
        return [f.version.active_number, f.resolution];
      })
      .toEqual([1, "800x600"]);
    await d.page.getByRole("button", { name: "Activate version 2" }).waitFor();

    await d.page.getByRole("button", { name: "Delete version 2" }).click();
    const dialog = d.page.getByRole("dialog", { name: "Delete version 2?" });
    await dialog.waitFor();
    await d.expectAccessible("delete version dialog");
    await dialog.getByRole("button", { name: "Delete version" }).click();
    await expectToast(d.page, "Version 2 deleted");
    await expect.poll(() => versions.getByRole("heading").allTextContents()).toEqual(["Version 1"]);
    expect((await d.api("GET", `/v1/files/${file.id}/versions`)).data.length).toBe(1);

    // The only (active) version cannot go: the dialog shows the service's reason.
    await d.page.getByRole("button", { name: "Delete version 1" }).click();
    const refused = d.page.getByRole("dialog", { name: "Delete version 1?" });
    await refused.getByRole("button", { name: "Delete version" }).click();
    await expect.poll(() => refused.getByRole("alert").textContent()).toMatch(/\w+/);
    await d.screenshot("delete-active-refused");
    expect((await d.api("GET", `/v1/files/${file.id}/versions`)).data.length).toBe(1);
  });
});
