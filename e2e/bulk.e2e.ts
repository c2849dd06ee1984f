import { expect, test } from "vitest";
import { expectToast, fileItem, openDashboard, shownFileNames, zipEntries } from "./harness.ts";

test("shift-click and ctrl-click select; bulk tag, move, download and trash act on the selection", async () => {
  const d = await openDashboard();
  const { fixtures } = d;
  const library = await fixtures.createLibrary(fixtures.unique("Bulk"));
  const inbox = await fixtures.createFolder(library.id, "Inbox");
  const archive = await fixtures.createFolder(library.id, "Archive");
  const names = ["p1.png", "p2.png", "p3.png", "p4.png", "p5.png", "p6.png"];
  const ids: Record<string, string> = {};
  for (const [i, name] of names.entries()) {
    const file = await fixtures.uploadPng(
      { name, folder_id: inbox.id },
      { width: 200, height: 150, color: { r: 30 * i, g: 80, b: 160 } },
    );
    ids[name] = file.id;
  }

  await d.goto(`/folders/${inbox.id}?sort=name&order=asc`);
  await expect.poll(() => shownFileNames(d.page)).toEqual(names);
  await fileItem(d.page, "p1.png").click();
  await fileItem(d.page, "p3.png").click({ modifiers: ["Shift"] });
  const bar = d.page.getByRole("toolbar", { name: "Selection actions" });
  await bar.getByText("3 files selected").waitFor();
  await fileItem(d.page, "p5.png").click({ modifiers: ["ControlOrMeta"] });
  await bar.getByText("4 files selected").waitFor();
  const selected = await d.page
    .locator("[data-file-id][data-selected]")
    .evaluateAll((items) => items.map((i) => i.getAttribute("data-file-id")));
  expect(selected.sort()).toEqual(["p1.png", "p2.png", "p3.png", "p5.png"].map((n) => ids[n]).sort());
  await d.screenshot("selection");
  await d.expectAccessible("folder with a selection");

  // Tags: two at once, kept on every selected file. A tag in use that starts with what is typed keeps the
  // suggestions open, above the field: they must not cover the dialog's buttons.
  await d.api("PATCH", `/v1/files/${ids["p6.png"]}`, { tags: [`approved-${Date.now()}`] });
  await bar.getByRole("button", { name: "Add tags" }).click();
  const tagDialog = d.page.getByRole("dialog", { name: "Add tags to 4 files" });
  await tagDialog.getByRole("combobox", { name: "Tags" }).fill("campaign, approved");
  await tagDialog.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first().waitFor();
  await d.expectAccessible("add tags dialog");
  await d.screenshot("add-tags-suggestions");
  await tagDialog.getByRole("button", { name: "Add tags" }).click();
  const toast = await expectToast(d.page, "Added 2 tags to 4 files");
  // Toasts rise above the selection bar while it is shown: on narrower windows one covered its count.
  const barTop = (await bar.boundingBox())!.y;
  await expect
    .poll(async () => (await toast.boundingBox())!.y + (await toast.boundingBox())!.height)
    .toBeLessThan(barTop);
  for (const name of ["p1.png", "p2.png", "p3.png", "p5.png"]) {
    const file = await d.api("GET", `/v1/files/${ids[name]}`);
    expect(file.tags, name).toEqual(expect.arrayContaining(["campaign", "approved"]));
  }
  expect((await d.api("GET", `/v1/files/${ids["p4.png"]}`)).tags).toEqual([]);

  // The tags in use are suggested as one is typed; Escape closes the suggestions first, then the dialog.
  await bar.getByRole("button", { name: "Add tags" }).click();
  const again = d.page.getByRole("dialog", { name: "Add tags to 4 files" });
  await again.getByRole("combobox", { name: "Tags" }).pressSequentially("camp");
  const suggested = again.getByRole("listbox", { name: "Suggestions" });
  await suggested.getByRole("option", { name: /^campaign/ }).waitFor();
  await d.page.keyboard.press("Escape");
  await suggested.waitFor({ state: "detached" });
  expect(await again.isVisible()).toBe(true);
  await d.page.keyboard.press("Escape");
  await again.waitFor({ state: "detached" });

  // Download the four as one zip.
  const downloading = d.page.waitForEvent("download");
  await bar.getByRole("button", { name: "Download" }).click();
  const zip = await downloading;
  expect(zip.suggestedFilename()).toBe("4 files.zip");
  expect(await zipEntries((await zip.path())!)).toEqual(["p1.png", "p2.png", "p3.png", "p5.png"]);

  // Move the same four into Archive through the destination picker.
  await bar.getByText("4 files selected").waitFor();
  await bar.getByRole("button", { name: "Move" }).click();
  const moveDialog = d.page.getByRole("dialog", { name: "Move 4 files" });
  await moveDialog.getByRole("button", { name: `Expand ${library.name}` }).click();
  await moveDialog.getByRole("radio", { name: "Archive" }).check();
  await d.screenshot("move-dialog");
  await d.expectAccessible("move dialog");
  await moveDialog.getByRole("button", { name: "Move here" }).click();
  await expectToast(d.page, "Moved 4 files to “Archive”");
  await expect.poll(() => shownFileNames(d.page)).toEqual(["p4.png", "p6.png"]);
  for (const name of ["p1.png", "p2.png", "p3.png", "p5.png"]) {
    expect((await d.api("GET", `/v1/files/${ids[name]}`)).folder_id, name).toBe(archive.id);
  }

  // A folder downloads as one zip named after it, from its actions.
  await d.goto(`/libraries/${library.id}`);
  const downloadingFolder = d.page.waitForEvent("download");
  await d.page.getByRole("button", { name: "Actions for folder Archive" }).first().click();
  await d.page.getByRole("menuitem", { name: "Download as zip" }).click();
  const folderZip = await downloadingFolder;
  expect(folderZip.suggestedFilename()).toBe("Archive.zip");
  expect(await zipEntries((await folderZip.path())!)).toEqual([
    "Archive/",
    "Archive/p1.png",
    "Archive/p2.png",
    "Archive/p3.png",
    "Archive/p5.png",
  ]);

  // The whole library downloads as one zip named after it, from the library's actions.
  const downloadingLibrary = d.page.waitForEvent("download");
  await d.page.getByRole("button", { name: "Library actions" }).click();
  await d.page.getByRole("menuitem", { name: "Download as zip" }).click();
  const libraryZip = await downloadingLibrary;
  expect(libraryZip.suggestedFilename()).toBe(`${library.name}.zip`);
  expect((await zipEntries((await libraryZip.path())!)).sort()).toEqual(
    [
      "",
      "Archive/",
      ...["p1.png", "p2.png", "p3.png", "p5.png"].map((name) => `Archive/${name}`),
      "Inbox/",
      "Inbox/p4.png",
      "Inbox/p6.png",
    ]
      .map((entry) => `${library.name}/${entry}`)
      .sort(),
  );

  await d.goto(`/folders/${inbox.id}?sort=name&order=asc`);
  await expect.poll(() => shownFileNames(d.page)).toEqual(["p4.png", "p6.png"]);

  // Trash the two left.
  await fileItem(d.page, "p4.png").click();
  await fileItem(d.page, "p6.png").click({ modifiers: ["Shift"] });
  await bar.getByText("2 files selected").waitFor();
  await bar.getByRole("button", { name: "Trash" }).click();
  await expectToast(d.page, "Moved 2 files to the trash");
  await expect.poll(() => shownFileNames(d.page)).toEqual([]);
  for (const name of ["p4.png", "p6.png"]) {
    expect((await d.api("GET", `/v1/files/${ids[name]}`)).trashed_at, name).not.toBeNull();
  }
  await d.screenshot("after-trash");
  await d.expectAccessible("emptied folder");
});
