import { expect, test } from "vitest";
import { expectToast, openDashboard, shownFileNames } from "./harness.ts";

test("the Tags screen lists the tags in use, merges one into another by renaming it, and removes one, in every library or in one", async () => {
  const d = await openDashboard();
  const library = await d.fixtures.createLibrary();
  const otherLibrary = await d.fixtures.createLibrary();
  const lower = d.fixtures.unique("logo");
  const upper = `L${lower.slice(1)}`;
  const tagged = async (libraryId: string, name: string, tags: string[]) => {
    const file = await d.fixtures.uploadBytes({ name, library_id: libraryId }, Buffer.from(name));
    await d.api("PATCH", `/v1/files/${file.id}`, { tags });
    return file.id as string;
  };
  const mark = await tagged(library.id, "mark.txt", [lower, "print"]);
  await tagged(library.id, "mark-dark.txt", [upper]);
  await tagged(library.id, "wordmark.txt", [lower]);
  const elsewhere = await tagged(otherLibrary.id, "elsewhere.txt", [lower]);

  await d.page.getByRole("link", { name: "Tags", exact: true }).click();
  await d.page.waitForURL((url) => url.pathname === "/tags");
  await d.page.getByRole("heading", { level: 1, name: "Tags" }).waitFor();
  await d.page.getByRole("searchbox", { name: "Find a tag" }).fill(lower);
  const table = d.page.getByRole("table", { name: "Tags in use" });
  const rows = () =>
    table
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].slice(0, 2).map((td) => td.textContent)),
      );
  // The search matches the start of a tag in any case: both spellings, the most used first, in every library.
  await expect.poll(rows).toEqual([
    [lower, "3"],
    [upper, "1"],
  ]);
  // One library's tags, counted there; the URL keeps the choice.
  await d.page.getByRole("combobox", { name: "Library" }).selectOption({ label: library.name });
  await expect.poll(rows).toEqual([
    [lower, "2"],
    [upper, "1"],
  ]);
  expect(new URL(d.page.url()).searchParams.get("library")).toBe(library.id);
  await d.expectAccessible("tags screen");

  // Renaming onto a tag in use says it merges the two; in the library chosen only.
  await d.page.getByRole("button", { name: `Rename tag ${lower}`, exact: true }).click();
  const rename = d.page.getByRole("dialog", { name: `Rename “${lower}”` });
  await rename.getByLabel("New name").fill(upper);
  await rename
    .getByRole("status")
    .getByText(`“${upper}” is already on 1 file: the two tags become one.`)
    .waitFor();
  await d.screenshot("merge-tags");
  await rename.getByRole("button", { name: "Merge tags" }).click();
  await expectToast(d.page, `“${lower}” is now “${upper}” on 2 files`);
  await expect.poll(rows).toEqual([[upper, "3"]]);
  expect((await d.api("GET", `/v1/files/${mark}`)).tags).toEqual([upper, "print"]);
  expect((await d.api("GET", `/v1/files/${elsewhere}`)).tags).toEqual([lower]);

  // The tag leads to its files.
  await table.getByRole("link", { name: upper, exact: true }).click();
  await d.page.waitForURL((url) => url.pathname === "/files");
  await expect
    .poll(async () => (await shownFileNames(d.page)).sort())
    .toEqual(["mark-dark.txt", "mark.txt", "wordmark.txt"]);
  await d.page.goBack();

  await d.page.getByRole("searchbox", { name: "Find a tag" }).fill(lower);
  await d.page.getByRole("button", { name: `Remove tag ${upper}`, exact: true }).click();
  const remove = d.page.getByRole("dialog", { name: `Remove “${upper}”?` });
  await remove.getByRole("button", { name: "Remove tag" }).click();
  await expectToast(d.page, `“${upper}” removed from 3 files`);
  await d.page.getByRole("heading", { name: `No tag starts with “${lower}”` }).waitFor();
  expect((await d.api("GET", `/v1/files/${mark}`)).tags).toEqual(["print"]);

  // In the other library, the Tags filter suggests that library's tags only, counted there.
  await d.goto(`/libraries/${otherLibrary.id}`);
  await d.page.getByTestId("filter-tag").click();
  const panel = d.page.getByRole("dialog", { name: "Tags filter" });
  await panel.getByRole("combobox", { name: "Files tagged" }).fill(lower.slice(0, 3));
  await panel.getByRole("option", { name: `${lower} 1 file` }).waitFor();
  expect(await panel.getByRole("option").allTextContents()).toEqual([`${lower}1 file`]);
  await d.page.keyboard.press("Escape");

  // A library's menu leads to its tags.
  await d.page.getByRole("button", { name: "Library actions" }).click();
  await d.page.getByRole("menuitem", { name: "Tags in this library" }).click();
  await d.page.waitForURL((url) => url.pathname === "/tags");
  await expect
    .poll(() => d.page.getByRole("combobox", { name: "Library" }).inputValue())
    .toBe(otherLibrary.id);
  await expect.poll(rows).toEqual([[lower, "1"]]);
});
