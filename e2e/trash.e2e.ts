import { expect, test } from "vitest";
import { expectToast, openDashboard, overflowsHorizontally, shownFileNames } from "./harness.ts";

test("trash a folder and files, find them in the trash, restore them; delete one permanently", async () => {
  const d = await openDashboard();
  const { fixtures } = d;
  const library = await fixtures.createLibrary(fixtures.unique("Trash"));
  const folderName = fixtures.unique("Campaign");
  const folder = await fixtures.createFolder(library.id, folderName);
  const inside = [];
  for (const name of ["c1.png", "c2.png"])
    inside.push(await fixtures.uploadPng({ name, folder_id: folder.id }));
  const looseName = `${fixtures.unique("loose").replace(" ", "-")}.png`;
  const loose = await fixtures.uploadPng({ name: looseName, library_id: library.id });
  const goneName = `${fixtures.unique("gone").replace(" ", "-")}.png`;
  const gone = await fixtures.uploadPng({ name: goneName, library_id: library.id });

  // A folder, from its tile's menu.
  await d.goto(`/libraries/${library.id}`);
  await d.page
    .getByRole("button", { name: `Actions for folder ${folderName}` })
    .first()
    .click();
  await d.page.getByRole("menuitem", { name: "Move to trash" }).click();
  await expectToast(d.page, `“${folderName}” moved to the trash`);
  await expect
    .poll(() => d.page.locator(`[data-testid="folder-tile"][data-folder-id="${folder.id}"]`).count())
    .toBe(0);
  expect((await d.api("GET", `/v1/folders/${folder.id}`)).trashed_at).not.toBeNull();

  // A file, from its page.
  await d.goto(`/files/${loose.id}`);
  await d.page.getByRole("heading", { level: 1, name: looseName }).waitFor();
  await d.page.getByRole("button", { name: "Move to trash" }).click();
  await expectToast(d.page, `“${looseName}” moved to the trash`);
  await d.page.waitForURL((url) => url.pathname === `/libraries/${library.id}`);
  await expect.poll(() => shownFileNames(d.page)).toEqual([goneName]);
  await d.api("DELETE", `/v1/files/${gone.id}`);

  await d.page.getByRole("link", { name: "Trash", exact: true }).click();
  await d.page.waitForURL((url) => url.pathname === "/trash");
  await d.page.getByRole("heading", { level: 1, name: "Trash" }).waitFor();
  const folders = d.page.getByRole("list", { name: /^Folders/ });
  await folders.getByText(folderName).waitFor();
  const trashedFiles = d.page.getByRole("table", { name: "Trashed files" });
  await trashedFiles.getByRole("checkbox", { name: `Select ${looseName}`, exact: true }).waitFor();
  await trashedFiles.getByRole("checkbox", { name: `Select ${goneName}`, exact: true }).waitFor();
  await d.screenshot("trash-light");
  await d.expectAccessible("trash, light");
  await d.setTheme("dark");
  await folders.getByText(folderName).waitFor();
  await d.screenshot("trash-dark");
  await d.expectAccessible("trash, dark");

  await d.page.getByRole("button", { name: `Restore folder ${folderName}` }).click();
  await expectToast(d.page, `“${folderName}” restored`);
  await expect.poll(async () => (await d.api("GET", `/v1/folders/${folder.id}`)).trashed_at).toBeNull();
  const restoredInside = await d.api("GET", `/v1/files?folder_id=${folder.id}&limit=10`);
  expect(restoredInside.data.map((f: { id: string }) => f.id).sort()).toEqual(inside.map((f) => f.id).sort());

  await d.page.getByRole("button", { name: `Restore ${looseName}` }).click();
  await expectToast(d.page, "Restored 1 file");
  await expect.poll(async () => (await d.api("GET", `/v1/files/${loose.id}`)).trashed_at).toBeNull();

  await d.page.getByRole("button", { name: `Delete ${goneName} permanently` }).click();
  const confirm = d.page.getByRole("dialog", { name: `Delete “${goneName}” permanently?` });
  await confirm.waitFor();
  await d.expectAccessible("permanent deletion dialog");
  await confirm.getByRole("button", { name: "Delete permanently" }).click();
  await expectToast(d.page, "Deleted 1 file permanently");
  await expect.poll(async () => (await d.apiResponse("GET", `/v1/files/${gone.id}`)).status).toBe(404);
  await expect
    .poll(() => trashedFiles.getByRole("checkbox", { name: `Select ${goneName}`, exact: true }).count())
    .toBe(0);

  // Back where they were.
  await d.goto(`/libraries/${library.id}`);
  await expect.poll(() => shownFileNames(d.page)).toEqual([looseName]);
  await d.page.locator(`[data-testid="folder-tile"][data-folder-id="${folder.id}"]`).waitFor();

  // A trashed folder, deleted for good from its row: the shared confirmation says what goes, then it is gone.
  const doomedName = fixtures.unique("Doomed");
  const doomed = await fixtures.createFolder(library.id, doomedName);
  await d.api("DELETE", `/v1/folders/${doomed.id}`);
  await d.goto("/trash");
  await d.page.getByRole("button", { name: `Delete folder ${doomedName} permanently` }).click();
  const confirmFolder = d.page.getByRole("dialog", { name: `Delete “${doomedName}” permanently?` });
  await confirmFolder.getByRole("button", { name: "Delete permanently" }).click();
  await expectToast(d.page, `“${doomedName}” deleted permanently`);
  await expect.poll(async () => (await d.apiResponse("GET", `/v1/folders/${doomed.id}`)).status).toBe(404);
});

test("a trashed file's row actions by keyboard: Tab from its checkbox reaches Restore, then Delete permanently", async () => {
  const d = await openDashboard();
  const { fixtures } = d;
  const library = await fixtures.createLibrary(fixtures.unique("Keys"));
  const name = `${fixtures.unique("keyed").replace(" ", "-")}.png`;
  const file = await fixtures.uploadPng({ name, library_id: library.id });
  await d.api("DELETE", `/v1/files/${file.id}`);
  await d.goto("/trash");
  const table = d.page.getByRole("table", { name: "Trashed files" });
  const checkbox = table.getByRole("checkbox", { name: `Select ${name}`, exact: true });
  await checkbox.waitFor();
  await checkbox.focus();
  const focusedLabel = () => d.page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
  await d.page.keyboard.press("Tab");
  expect(await focusedLabel()).toBe(`Restore ${name}`);
  await d.page.keyboard.press("Tab");
  expect(await focusedLabel()).toBe(`Delete ${name} permanently`);
  await d.page.keyboard.press("Shift+Tab");
  await d.page.keyboard.press("Enter");
  await expectToast(d.page, "Restored 1 file");
  await expect.poll(async () => (await d.api("GET", `/v1/files/${file.id}`)).trashed_at).toBeNull();
});

test("empty the trash: every trashed folder and file goes for good after one confirmation", async () => {
  const d = await openDashboard();
  const { fixtures } = d;
  const library = await fixtures.createLibrary(fixtures.unique("Emptied"));
  const folder = await fixtures.createFolder(library.id, fixtures.unique("Old campaign"));
  const inside = await fixtures.uploadPng({ name: "inside.png", folder_id: folder.id });
  const loose = [];
  for (const name of ["old-1.png", "old-2.png"])
    loose.push(await fixtures.uploadPng({ name, library_id: library.id }));
  const kept = await fixtures.uploadPng({ name: "kept.png", library_id: library.id });
  await d.api("DELETE", `/v1/folders/${folder.id}`);
  for (const file of loose) await d.api("DELETE", `/v1/files/${file.id}`);

  await d.goto("/trash");
  await d.page.getByRole("table", { name: "Trashed files" }).getByText("old-1.png").waitFor();
  await d.page.getByRole("button", { name: "Empty trash…" }).click();
  const confirm = d.page.getByRole("dialog", { name: "Empty the trash?" });
  await confirm.getByText(/deleted permanently now/).waitFor();
  await d.expectAccessible("empty trash dialog");
  await confirm.getByRole("button", { name: "Empty trash" }).click();
  await expectToast(d.page, /^Deleted \d+ items permanently$/, 30_000);
  await d.page.getByTestId("trash-empty").waitFor();
  expect(await d.page.getByRole("button", { name: "Empty trash…" }).count()).toBe(0);

  for (const path of [
    `/v1/folders/${folder.id}`,
    `/v1/files/${inside.id}`,
    ...loose.map((f) => `/v1/files/${f.id}`),
  ])
    expect((await d.apiResponse("GET", path)).status, path).toBe(404);
  expect((await d.api("GET", `/v1/files/${kept.id}`)).trashed_at).toBeNull();
  expect((await d.api("GET", "/v1/files?trashed=true&limit=1")).data).toEqual([]);
});

test("on a phone the trash fits the width: its list scrolls sideways within itself", async () => {
  const d = await openDashboard({ viewport: { width: 390, height: 844 } });
  const library = await d.fixtures.createLibrary(d.fixtures.unique("Phone trash"));
  const file = await d.fixtures.uploadPng({ name: "phone-trashed.png", library_id: library.id });
  await d.api("DELETE", `/v1/files/${file.id}`);

  await d.goto("/trash");
  const list = d.page.getByRole("table", { name: "Trashed files" });
  await list.getByText("phone-trashed.png").waitFor();
  expect(await list.evaluate((table) => table.scrollWidth > table.clientWidth)).toBe(true);
  // The header's hidden "Actions" label once sat past the list's end, outside its clip: the page scrolled with it.
  expect(await overflowsHorizontally(d.page)).toBe(false);
  await d.screenshot("phone-trash");
});
