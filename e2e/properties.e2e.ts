import { expect, test } from "vitest";
import { chunkFetched, expectToast, openDashboard, shownFileNames } from "./harness.ts";

test("define a status property with options, reorder it by keyboard, set it on a file, delete it with its count", async () => {
  const d = await openDashboard();
  const library = await d.fixtures.createLibrary();
  const file = await d.fixtures.uploadPng({ name: "brief.png", library_id: library.id });
  // Other properties, so that the new one has places to move to.
  const anchor = await d.api("POST", "/v1/properties", { name: d.fixtures.unique("Notes"), type: "text" });
  const due = await d.api("POST", "/v1/properties", { name: d.fixtures.unique("Due"), type: "date" });
  const name = d.fixtures.unique("Review");

  // Browsing does not fetch the properties screen's code.
  expect(await chunkFetched(d, "properties")).toEqual([]);
  await d.page.getByRole("link", { name: "Properties", exact: true }).click();
  await d.page.waitForURL((url) => url.pathname === "/properties");
  await d.page.getByRole("heading", { level: 1, name: "Properties" }).waitFor();

  await d.page.getByRole("button", { name: "New property" }).first().click();
  const create = d.page.getByRole("dialog", { name: "New property" });
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Type").selectOption({ label: "Status" });
  await create.getByRole("button", { name: "Create property" }).click();
  await expectToast(d.page, `Property “${name}” created`);

  // A status property stays open for its options.
  const edit = d.page.getByRole("dialog", { name: `Edit ${name}` });
  for (const label of ["Draft", "Approved"]) {
    await edit.getByRole("textbox", { name: "New option" }).fill(label);
    await edit.getByRole("button", { name: "Add option" }).click();
    await edit.getByRole("textbox", { name: `Label of ${label}` }).waitFor();
  }
  await edit.getByRole("button", { name: "Colour of Approved: Grey" }).click();
  await edit.getByRole("radio", { name: "Green" }).check();
  await edit.getByRole("button", { name: "Colour of Approved: Green" }).waitFor();
  // A label one option already has (ignoring case) is refused, in the service's words.
  await edit.getByRole("textbox", { name: "New option" }).fill("draft");
  await edit.getByRole("button", { name: "Add option" }).click();
  await expect.poll(() => edit.getByRole("alert").textContent()).toMatch(/\w+/);
  await d.screenshot("property-options");
  await d.expectAccessible("property dialog with options");
  await edit.getByRole("button", { name: "Done" }).click();

  const properties = (await d.api("GET", "/v1/properties?limit=100")).data;
  const property = properties.find((p: { name: string }) => p.name === name);
  expect(property.options.map((o: { label: string; color: string }) => [o.label, o.color])).toEqual([
    ["Draft", "#9ca3af"],
    ["Approved", "#059669"],
  ]);
  const last = property.position;
  expect(last).toBe(properties.length - 1);

  // Reorder by keyboard: the Move up button, then Alt+↑ where focus stays.
  const moveUp = d.page.getByRole("button", { name: `Move ${name} up` });
  await moveUp.focus();
  await d.page.keyboard.press("Enter");
  await expect
    .poll(async () => (await d.api("GET", `/v1/properties/${property.id}`)).position)
    .toBe(last - 1);
  await expect
    .poll(() => d.page.getByRole("status").filter({ hasText: "moved to position" }).count())
    .toBe(1);
  expect(await moveUp.evaluate((button) => button === document.activeElement)).toBe(true);
  await d.page.keyboard.press("Alt+ArrowDown");
  await expect.poll(async () => (await d.api("GET", `/v1/properties/${property.id}`)).position).toBe(last);
  // Dragging a row onto another puts it there.
  const list = d.page.getByRole("list", { name: "Properties" });
  const row = (text: string) => list.getByRole("listitem").filter({ hasText: text });
  const anchorPosition = (await d.api("GET", `/v1/properties/${anchor.id}`)).position;
  await row(name).dragTo(row(anchor.name));
  await expect
    .poll(async () => (await d.api("GET", `/v1/properties/${property.id}`)).position)
    .toBe(anchorPosition);
  // Hidden, a property keeps its place and is marked so; unhidden again.
  await d.page.getByRole("button", { name: `Hide ${due.name}` }).click();
  await row(due.name).getByText("Hidden").waitFor();
  expect((await d.api("GET", `/v1/properties/${due.id}`)).hidden).toBe(true);
  await d.screenshot("properties-list");
  await d.expectAccessible("properties list");
  await d.page.getByRole("button", { name: `Unhide ${due.name}` }).click();
  await expect.poll(async () => (await d.api("GET", `/v1/properties/${due.id}`)).hidden).toBe(false);

  // On the file page: choose a status, reload, it is still there.
  await d.goto(`/files/${file.id}`);
  const status = d.page.getByRole("region", { name: "Properties" }).getByRole("combobox", { name });
  await status.selectOption({ label: "Approved" });
  await expectToast(d.page, `${name} saved`);
  await d.page.reload({ waitUntil: "load" });
  await expect
    .poll(() =>
      d.page
        .getByRole("region", { name: "Properties" })
        .getByRole("combobox", { name })
        .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)
        .catch(() => null),
    )
    .toBe("Approved");
  const stored = (await d.api("GET", `/v1/files/${file.id}`)).properties;
  const approved = property.options[1].id;
  expect(stored).toContainEqual(
    expect.objectContaining({ property_id: property.id, status: { option_id: approved } }),
  );
  await d.screenshot("file-properties");
  await d.expectAccessible("file page with properties");

  // Deleting says how many values go with it.
  await d.goto("/properties");
  await d.page.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = d.page.getByRole("dialog", { name: `Delete ${name}?` });
  await confirm.getByText("This clears its value on 1 file.").waitFor();
  await d.screenshot("delete-property");
  await d.expectAccessible("delete property dialog");
  await confirm.getByRole("button", { name: "Delete property" }).click();
  await expectToast(d.page, `Property “${name}” deleted`);
  expect((await d.apiResponse("GET", `/v1/properties/${property.id}`)).status).toBe(404);

  await d.setTheme("dark");
  await d.page.getByRole("list", { name: "Properties" }).waitFor();
  await d.screenshot("properties-list-dark");
  await d.expectAccessible("properties list, dark");
  await d.goto(`/files/${file.id}`);
  await d.page.getByRole("region", { name: "Properties" }).getByText(anchor.name).waitFor();
  await d.screenshot("file-properties-dark");
  await d.expectAccessible("file page with properties, dark");
  await d.api("DELETE", `/v1/properties/${anchor.id}`);
  await d.api("DELETE", `/v1/properties/${due.id}`);
});

test("brandspace properties as list columns: chosen once, edited in place, kept after a reload and in other libraries", async () => {
  const d = await openDashboard();
  const library = await d.fixtures.createLibrary();
  const other = await d.fixtures.createLibrary();
  const draft = await d.fixtures.uploadPng({ name: "draft.png", library_id: library.id }, { wait: false });
  const final = await d.fixtures.uploadPng({ name: "final.png", library_id: library.id }, { wait: false });
  await d.fixtures.uploadPng({ name: "elsewhere.png", library_id: other.id }, { wait: false });
  const name = d.fixtures.unique("Approval");
  const property = await d.api("POST", "/v1/properties", {
    name,
    type: "status",
    options: [{ label: "Draft" }, { label: "Approved" }],
  });
  const [draftOption, approvedOption] = property.options;
  await d.api("PUT", `/v1/files/${draft.id}/properties/${property.id}`, {
    value: { option_id: draftOption.id },
  });
  const channels = await d.api("POST", "/v1/properties", {
    name: d.fixtures.unique("Channels"),
    type: "multi_tag",
    options: [{ label: "Instagram" }, { label: "Web" }, { label: "Print" }],
  });
  await d.api("PUT", `/v1/files/${draft.id}/properties/${channels.id}`, {
    value: channels.options.slice(0, 2).map((o: { id: string }) => ({ option_id: o.id })),
  });
  const licensed = await d.api("POST", "/v1/properties", {
    name: d.fixtures.unique("Licensed"),
    type: "checkbox",
  });

  await d.goto(`/libraries/${library.id}?view=list&sort=name&order=asc`);
  await expect.poll(() => shownFileNames(d.page)).toEqual(["draft.png", "final.png"]);
  const column = (file: string) => d.page.getByRole("combobox", { name: `${name} of ${file}` });
  expect(await column("draft.png").count()).toBe(0);

  await d.page.getByRole("button", { name: "Columns" }).click();
  const picker = d.page.getByRole("dialog", { name: "Columns" });
  await picker.getByRole("checkbox", { name }).check();
  await picker.getByRole("checkbox", { name: channels.name }).check();
  await picker.getByRole("checkbox", { name: licensed.name }).check();
  await d.expectAccessible("list columns picker");
  await d.page.keyboard.press("Escape");

  // Tags stay on their row's one line, and the table scrolls sideways on its own when it is wider than the page.
  const row = d.page.locator(`[data-file-id="${draft.id}"]`);
  const chip = row.getByRole("listitem").filter({ hasText: "Instagram" });
  await chip.waitFor();
  const [rowBox, chipBox] = [await row.boundingBox(), await chip.boundingBox()];
  expect(chipBox!.y + chipBox!.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height);
  // A label too long for the cell beside the "+" is shortened, its remove button left in sight, not cut off.
  const remove = chip.getByRole("button", { name: /^Remove Instagram/ });
  const removeBox = (await remove.boundingBox())!;
  const shownAtRemove = await d.page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest("button")?.getAttribute("aria-label"),
    [removeBox.x + removeBox.width / 2, removeBox.y + removeBox.height / 2],
  );
  expect(shownAtRemove).toMatch(/^Remove Instagram/);
  // Two chips do not fit: the first keeps a few letters of its label, the second is cut off behind a fade.
  expect(await chip.locator("span.truncate").evaluate((label) => label.clientWidth)).toBeGreaterThanOrEqual(
    28,
  );
  const chipList = row.getByRole("list", { name: `${channels.name} of draft.png` });
  await expect
    .poll(() => chipList.evaluate((list) => getComputedStyle(list).maskImage))
    .toMatch(/rgba\(0, 0, 0, 0\)\)$/);
  await d.page.setViewportSize({ width: 900, height: 800 });
  // Nothing but the list scrolls sideways: not the page, not the main area with the title and the toolbar.
  const sidewaysScrollers = () =>
    d.page.evaluate(() =>
      [document.scrollingElement!, ...document.querySelectorAll("*")]
        .filter((element) => {
          const { overflowX } = getComputedStyle(element);
          const scrolls =
            element === document.scrollingElement || overflowX === "auto" || overflowX === "scroll";
          return scrolls && element.scrollWidth > element.clientWidth;
        })
        .map((element) => element.getAttribute("data-testid") ?? element.tagName)
        .filter((name) => name !== "file-list"),
    );
  await expect.poll(sidewaysScrollers).toEqual([]);
  // Scrolled to its far end, the list keeps each file's checkbox, preview and name at its left edge, over the
  // columns, where they were unscrolled, and nothing of the columns shows between them.
  const list = d.page.getByTestId("file-list");
  const fileName = row.getByText("draft.png", { exact: true }).first();
  const unscrolledNameX = (await fileName.boundingBox())!.x;
  await list.evaluate((table) => {
    table.scrollLeft = table.scrollWidth;
  });
  await expect.poll(() => list.evaluate((table) => table.scrollLeft)).toBeGreaterThan(40);
  const [nameBox, listBox] = [(await fileName.boundingBox())!, (await list.boundingBox())!];
  expect(Math.abs(nameBox.x - unscrolledNameX)).toBeLessThan(1);
  // Polled: below the large breakpoint the sidebar slides away (a transition) after the resize.
  const firstUncovered = () =>
    d.page.evaluate(
      ([left, right, y, id]) => {
        const stuck = [...document.querySelectorAll(`[data-file-id="${id}"] > td`)].slice(0, 3);
        for (let x = left as number; x < (right as number); x += 2) {
          const cell = document.elementFromPoint(x, y as number)?.closest("td");
          if (!cell || !stuck.includes(cell)) return x;
        }
        return "covered";
      },
      [listBox.x + 1, nameBox.x + nameBox.width, nameBox.y + nameBox.height / 2, draft.id],
    );
  await expect.poll(firstUncovered).toBe("covered");
  const shownThere = () =>
    d.page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.textContent,
      [nameBox.x + 4, nameBox.y + nameBox.height / 2],
    );
  expect(await shownThere()).toBe("draft.png");
  // Moving along the rows with the keyboard keeps the columns where they were scrolled to.
  await row.getByRole("checkbox", { name: "Select draft.png" }).focus();
  await d.page.keyboard.press("ArrowDown");
  await expect
    .poll(() => d.page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
    .toBe("Select final.png");
  expect(await list.evaluate((table) => table.scrollLeft)).toBeGreaterThan(40);
  await d.screenshot("list-property-columns-narrow");
  // Narrower still, a control focused under them (a column scrolled out of sight) comes out beside them.
  await d.page.setViewportSize({ width: 600, height: 800 });
  await list.evaluate((table) => {
    table.scrollLeft = table.scrollWidth;
  });
  const nameCell = row.locator("td").nth(2);
  const stickyEnd = async () => {
    const box = (await nameCell.boundingBox())!;
    return box.x + box.width;
  };
  await expect.poll(async () => (await column("draft.png").boundingBox())!.x).toBeLessThan(await stickyEnd());
  await column("draft.png").focus();
  await expect
    .poll(async () => (await column("draft.png").boundingBox())!.x)
    .toBeGreaterThanOrEqual(await stickyEnd());
  // On a phone the preview scrolls away: the name stops beside the checkbox, and the columns keep half the list.
  await d.page.setViewportSize({ width: 390, height: 800 });
  await list.evaluate((table) => {
    table.scrollLeft = table.scrollWidth;
  });
  const checkboxCell = row.locator("td").first();
  await expect
    .poll(async () => {
      const [checkbox, name, shown] = [
        (await checkboxCell.boundingBox())!,
        (await nameCell.boundingBox())!,
        (await list.boundingBox())!,
      ];
      return {
        nameBesideCheckbox: Math.abs(name.x - (checkbox.x + checkbox.width)) < 1,
        columnsShare: (shown.x + shown.width - (name.x + name.width)) / shown.width > 0.4,
      };
    })
    .toEqual({ nameBesideCheckbox: true, columnsShare: true });
  await d.screenshot("list-property-columns-phone");
  await d.page.setViewportSize({ width: 900, height: 800 });
  await list.evaluate((table) => {
    table.scrollLeft = 0;
  });
  await d.page.setViewportSize({ width: 1440, height: 900 });

  // The value the file holds, read with the listing; a change is saved at once.
  await expect.poll(() => column("draft.png").inputValue()).toBe(draftOption.id);
  await column("final.png").selectOption({ label: "Approved" });
  await expect
    .poll(async () => (await d.api("GET", `/v1/files/${final.id}`)).properties)
    .toContainEqual(
      expect.objectContaining({ property_id: property.id, status: { option_id: approvedOption.id } }),
    );
  // Ticking sets a checkbox; unticking clears it, so the file reads as one never ticked.
  const licensedOf = async () =>
    (await d.api("GET", `/v1/files/${final.id}`)).properties.find(
      (v: { property_id: string }) => v.property_id === licensed.id,
    );
  const tick = d.page.getByRole("checkbox", { name: `${licensed.name} of final.png` });
  await tick.click();
  await expect.poll(async () => (await licensedOf())?.checkbox).toBe(true);
  await expect.poll(() => tick.isChecked()).toBe(true);
  await tick.click();
  await expect.poll(licensedOf).toBeUndefined();
  await expect.poll(() => tick.isChecked()).toBe(false);
  await d.screenshot("list-property-columns");
  await d.expectAccessible("list view with property columns");

  // The choice is this browser's: it holds after a reload and in every library's list.
  await d.page.reload({ waitUntil: "load" });
  await expect.poll(() => column("final.png").inputValue()).toBe(approvedOption.id);
  await d.goto(`/libraries/${other.id}?view=list`);
  await column("elsewhere.png").waitFor();
  expect(await column("elsewhere.png").inputValue()).toBe("");

  // The grid shows no columns; unchecking takes the column away.
  await d.page.getByRole("button", { name: "Grid view" }).click();
  expect(await d.page.getByRole("button", { name: "Columns" }).count()).toBe(0);
  await d.page.getByRole("button", { name: "List view" }).click();
  await d.page.getByRole("button", { name: "Columns" }).click();
  await d.page.getByRole("dialog", { name: "Columns" }).getByRole("checkbox", { name }).uncheck();
  await column("elsewhere.png").waitFor({ state: "detached" });
  await d.api("DELETE", `/v1/properties/${property.id}`);
  await d.api("DELETE", `/v1/properties/${channels.id}`);
  await d.api("DELETE", `/v1/properties/${licensed.id}`);
});

test("a date in a list cell is the same calendar day as on the file page, west of UTC too", async () => {
  const d = await openDashboard({ timezoneId: "America/Los_Angeles" });
  const library = await d.fixtures.createLibrary();
  const file = await d.fixtures.uploadPng({ name: "dated.png", library_id: library.id }, { wait: false });
  const due = await d.api("POST", "/v1/properties", { name: d.fixtures.unique("Go-live"), type: "date" });
  await d.api("PUT", `/v1/files/${file.id}/properties/${due.id}`, {
    value: { start: "2026-03-15T00:00:00.000Z" },
  });
  await d.page.evaluate((id) => localStorage.setItem("brandspace.fileColumns", JSON.stringify([id])), due.id);
  await d.goto(`/libraries/${library.id}?view=list`);
  const cell = d.page.getByLabel(`${due.name} of dated.png`);
  // Midnight UTC is the evening before in Los Angeles: the day shown is still the stored one.
  await expect.poll(() => cell.inputValue()).toBe("2026-03-15");
  await cell.fill("2026-06-01");
  const stored = async () =>
    (await d.api("GET", `/v1/files/${file.id}`)).properties.find(
      (v: { property_id: string }) => v.property_id === due.id,
    )?.date?.start;
  await expect.poll(stored).toBe("2026-06-01T00:00:00.000Z");
  await d.api("DELETE", `/v1/properties/${due.id}`);
});
