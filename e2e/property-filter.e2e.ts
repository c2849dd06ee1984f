import { expect, test } from "vitest";
import { expectToast, fileItem, openDashboard, shownFileNames } from "./harness.ts";

test("bulk Set property… on two files, then a property filter in the URL: chip, reload, back, removal", async () => {
  const d = await openDashboard();
  const { fixtures } = d;
  const status = await d.api("POST", "/v1/properties", {
    name: fixtures.unique("Status"),
    type: "status",
    options: [{ label: "Draft" }, { label: "Approved", color: "#16a34a" }],
  });
  const approved = status.options.find((o: { label: string }) => o.label === "Approved");
  const library = await fixtures.createLibrary(fixtures.unique("Filter"));
  const folder = await fixtures.createFolder(library.id, "Review");
  const names = ["f1.png", "f2.png", "f3.png"];
  const ids: Record<string, string> = {};
  for (const [i, name] of names.entries()) {
    const file = await fixtures.uploadPng(
      { name, folder_id: folder.id },
      { width: 160, height: 120, color: { r: 60 * i, g: 120, b: 90 } },
    );
    ids[name] = file.id;
  }

  await d.goto(`/folders/${folder.id}?sort=name&order=asc`);
  await expect.poll(() => shownFileNames(d.page)).toEqual(names);

  // Bulk: Approved on the first two.
  await fileItem(d.page, "f1.png").click();
  await fileItem(d.page, "f2.png").click({ modifiers: ["ControlOrMeta"] });
  const bar = d.page.getByRole("toolbar", { name: "Selection actions" });
  await bar.getByText("2 files selected").waitFor();
  await bar.getByRole("button", { name: "Set property…" }).click();
  const dialog = d.page.getByRole("dialog", { name: "Set a property on 2 files" });
  await dialog.getByLabel("Property").selectOption({ label: status.name });
  await dialog.getByLabel("Value").selectOption({ label: "Approved" });
  await d.screenshot("set-property-dialog");
  await d.expectAccessible("set property dialog");
  await dialog.getByRole("button", { name: "Set", exact: true }).click();
  await expectToast(d.page, `Set ${status.name} on 2 files`);
  await dialog.waitFor({ state: "detached" });
  for (const name of names) {
    const file = await d.api("GET", `/v1/files/${ids[name]}`);
    const value = file.properties.find((v: { property_id: string }) => v.property_id === status.id);
    expect(value?.status ?? null, name).toEqual(name === "f3.png" ? null : { option_id: approved.id });
  }
  await bar.getByRole("button", { name: "Clear selection" }).click();

  // The filter panel: Status is Approved.
  await d.page.getByTestId("filter-property").click();
  const panel = d.page.getByRole("dialog", { name: "Property filter" });
  await panel.getByLabel("Property").selectOption({ label: status.name });
  await expect.poll(() => panel.getByLabel("Condition").inputValue()).toBe("eq");
  await panel.getByRole("radio", { name: "Approved" }).check();
  await d.screenshot("property-filter-panel");
  await d.expectAccessible("property filter panel");
  await panel.getByRole("button", { name: "Add filter" }).click();
  await panel.waitFor({ state: "detached" });
  await expect.poll(() => shownFileNames(d.page)).toEqual(["f1.png", "f2.png"]);
  const chip = d.page.getByRole("button", { name: `Remove filter ${status.name} is Approved` });
  await chip.waitFor();
  const expected = { property_id: status.id, op: "eq", value: approved.id };
  const filterOfUrl = () => {
    const text = new URL(d.page.url()).searchParams.get("filter");
    return text ? JSON.parse(text) : null;
  };
  expect(filterOfUrl()).toEqual(expected);
  await d.screenshot("property-filtered");
  await d.expectAccessible("folder filtered by a property");

  // Kept on reload, and when coming back to the page.
  await d.page.reload({ waitUntil: "load" });
  await expect.poll(() => shownFileNames(d.page)).toEqual(["f1.png", "f2.png"]);
  await chip.waitFor();
  expect(filterOfUrl()).toEqual(expected);
  await d.goto("/boards");
  await d.page.goBack({ waitUntil: "load" });
  await chip.waitFor();
  await expect.poll(() => shownFileNames(d.page)).toEqual(["f1.png", "f2.png"]);

  // A malformed filter in a hand-edited link is dropped, not an error.
  await d.goto(`/folders/${folder.id}?sort=name&order=asc&filter=${encodeURIComponent('{"op":"nope"}')}`);
  await expect.poll(() => shownFileNames(d.page)).toEqual(names);
  await d.page.goBack({ waitUntil: "load" });
  await chip.waitFor();

  await chip.click();
  await expect.poll(() => shownFileNames(d.page)).toEqual(names);
  await expect.poll(filterOfUrl).toBeNull();
  await expect.poll(() => chip.count()).toBe(0);
});
