import { describe, expect, test } from "vitest";
import { fileItem, openDashboard, shownFileNames } from "./harness.ts";

/** The names of the selected files, in the order shown. */
async function selectedNames(page: import("playwright-core").Page) {
  const names = await shownFileNames(page);
  const checked = await page
    .locator('[data-file-id] input[type="checkbox"]')
    .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked));
  return names.filter((_, i) => checked[i]);
}

describe("touch and pointer parity", () => {
  test("a long press on a folder opens its context menu where the finger rests; lifting opens nothing", async () => {
    const d = await openDashboard({ viewport: { width: 820, height: 1180 } });
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Touch"));
    const folder = await d.fixtures.createFolder(library.id, "Press me");
    await d.goto(`/libraries/${library.id}`);
    const tile = d.page.locator(`[data-testid="folder-tile"][data-folder-id="${folder.id}"]`);
    await tile.waitFor();
    const box = (await tile.boundingBox())!;
    const at = { clientX: box.x + 30, clientY: box.y + 20 };
    const touch = { pointerType: "touch", isPrimary: true, pointerId: 7, button: 0, buttons: 1, ...at };
    const link = tile.getByRole("link", { name: "Press me" });

    await link.dispatchEvent("pointerdown", touch);
    const menu = d.page.getByRole("menu", { name: "Actions for folder Press me" });
    await menu.waitFor({ timeout: 3_000 });
    const menuBox = (await menu.boundingBox())!;
    expect(Math.abs(menuBox.x - at.clientX)).toBeLessThan(8);
    expect(Math.abs(menuBox.y - at.clientY)).toBeLessThan(8);
    // The finger lifts: the click that follows belongs to the long press and does not open the folder.
    await link.dispatchEvent("pointerup", { ...touch, buttons: 0 });
    await link.dispatchEvent("click");
    expect(new URL(d.page.url()).pathname).toBe(`/libraries/${library.id}`);
    await menu.getByRole("menuitem", { name: "Rename…" }).waitFor();
    await d.screenshot("long-press-folder-menu");
    await d.expectAccessible("folder context menu from a long press");
    await d.page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });

    // A short tap is a tap, and a press that moves is a scroll: neither opens the menu.
    await link.dispatchEvent("pointerdown", touch);
    await link.dispatchEvent("pointermove", { ...touch, clientY: at.clientY + 40 });
    await d.page.waitForTimeout(700);
    expect(await menu.count()).toBe(0);
    await link.dispatchEvent("pointerup", { ...touch, buttons: 0 });
  });

  test("pressing a checkbox and dragging across tiles selects the range; dragging again unselects", async () => {
    const d = await openDashboard();
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Drag select"));
    const folder = await d.fixtures.createFolder(library.id, "Range");
    const names = ["a.png", "b.png", "c.png", "d.png", "e.png", "f.png"];
    for (const name of names) {
      await d.fixtures.uploadPng({ name, folder_id: folder.id }, { width: 64, height: 48, wait: false });
    }
    await d.goto(`/folders/${folder.id}?view=grid&sort=name&order=asc`);
    await expect.poll(() => shownFileNames(d.page)).toEqual(names);

    const centre = async (name: string) => {
      const b = (await fileItem(d.page, name).boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const checkbox = (name: string) => d.page.getByRole("checkbox", { name: `Select ${name}`, exact: true });
    const dragFromCheckbox = async (from: string, to: string) => {
      const b = (await checkbox(from).boundingBox())!;
      await d.page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
      await d.page.mouse.down();
      const target = await centre(to);
      await d.page.mouse.move(target.x, target.y, { steps: 8 });
      await d.page.mouse.up();
    };

    await dragFromCheckbox("b.png", "e.png");
    await expect.poll(() => selectedNames(d.page)).toEqual(["b.png", "c.png", "d.png", "e.png"]);
    await d.page.getByRole("toolbar", { name: "Selection actions" }).getByText("4 files selected").waitFor();
    // No file was moved or opened by the stroke.
    expect(new URL(d.page.url()).pathname).toBe(`/folders/${folder.id}`);
    await d.screenshot("drag-selected-range");

    // A stroke from a selected file unselects what it passes.
    await dragFromCheckbox("c.png", "d.png");
    await expect.poll(() => selectedNames(d.page)).toEqual(["b.png", "e.png"]);
    // A plain click on a checkbox still toggles just that file.
    await checkbox("a.png").click();
    await expect.poll(() => selectedNames(d.page)).toEqual(["a.png", "b.png", "e.png"]);
    await d.expectAccessible("grid with a dragged selection");
  });
});
