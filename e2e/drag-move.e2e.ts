import { expect, test } from "vitest";
import { expectToast, fileItem, openDashboard, shownFileNames } from "./harness.ts";

test("dragging files onto a folder tile or a folder of the sidebar tree moves them, with undo", async () => {
  const d = await openDashboard();
  const { fixtures } = d;
  const library = await fixtures.createLibrary(fixtures.unique("Drag"));
  const source = await fixtures.createFolder(library.id, "Source");
  const tileTarget = await fixtures.createFolder(library.id, "Destination", source.id);
  const treeTarget = await fixtures.createFolder(library.id, "Sidebar target");
  const ids: Record<string, string> = {};
  for (const name of ["d1.png", "d2.png", "d3.png"]) {
    ids[name] = (await fixtures.uploadPng({ name, folder_id: source.id }, { width: 160, height: 120 })).id;
  }

  await d.goto(`/folders/${source.id}?sort=name&order=asc`);
  await expect.poll(() => shownFileNames(d.page)).toEqual(["d1.png", "d2.png", "d3.png"]);

  // One file onto a folder tile of the folder strip.
  const tile = d.page.locator(`[data-testid="folder-tile"][data-folder-id="${tileTarget.id}"]`);
  await fileItem(d.page, "d1.png").dragTo(tile);
  await expectToast(d.page, "Moved 1 file to “Destination”");
  await expect.poll(() => shownFileNames(d.page)).toEqual(["d2.png", "d3.png"]);
  expect((await d.api("GET", `/v1/files/${ids["d1.png"]}`)).folder_id).toBe(tileTarget.id);
  await expect.poll(() => tile.textContent()).toContain("1 file");

  // A selection of two onto a folder in the sidebar tree (its library expanded first).
  await d.page
    .getByRole("navigation")
    .getByRole("button", { name: `Expand ${library.name}`, exact: true })
    .click();
  const node = d.page.locator(`[data-drop-target="tree-folder"][data-folder-id="${treeTarget.id}"]`);
  await node.waitFor();
  await fileItem(d.page, "d2.png").click();
  await fileItem(d.page, "d3.png").click({ modifiers: ["Shift"] });
  await d.page.getByRole("toolbar", { name: "Selection actions" }).getByText("2 files selected").waitFor();
  await fileItem(d.page, "d2.png").dragTo(node);
  const toast = await expectToast(d.page, "Moved 2 files to “Sidebar target”");
  await expect.poll(() => shownFileNames(d.page)).toEqual([]);
  for (const name of ["d2.png", "d3.png"]) {
    expect((await d.api("GET", `/v1/files/${ids[name]}`)).folder_id, name).toBe(treeTarget.id);
  }
  await d.screenshot("after-drag-to-tree");

  // The toast's Undo puts them back.
  await toast.getByRole("button", { name: "Undo" }).click();
  await expectToast(d.page, "Moved 2 files back");
  await expect.poll(() => shownFileNames(d.page)).toEqual(["d2.png", "d3.png"]);
  for (const name of ["d2.png", "d3.png"]) {
    expect((await d.api("GET", `/v1/files/${ids[name]}`)).folder_id, name).toBe(source.id);
  }
});
