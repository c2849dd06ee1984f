import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { type Dashboard, openDashboard, serviceApi } from "./harness.ts";

/** The modules loaded on demand, by the name of their chunk. */
const ON_DEMAND = {
  menu: /\/assets\/menu-popup-[\w-]+\.js$/,
  popover: /\/assets\/popover-panel-[\w-]+\.js$/,
  tooltip: /\/assets\/tooltip-bubble-[\w-]+\.js$/,
};
/** Names Radix gives its popper, menu, popover and tooltip components; they survive minifying. */
const RADIX_POPUPS = /\b(PopperContent|MenuContent|PopoverContent|TooltipContent)\b/;

/** The scripts a page fetches from now on, with their text. */
function recordScripts(page: Page) {
  const scripts: { url: string; text: Promise<string> }[] = [];
  page.on("response", (response) => {
    if (!new URL(response.url()).pathname.endsWith(".js")) return;
    scripts.push({ url: response.url(), text: response.text().catch(() => "") });
  });
  return {
    fetched: (chunk: RegExp) => scripts.some((script) => chunk.test(script.url)),
    /** Scripts holding Radix's popup components (what must wait for the user). */
    async withRadixPopups() {
      const texts = await Promise.all(scripts.map((script) => script.text));
      return scripts.filter((_, i) => RADIX_POPUPS.test(texts[i]!)).map((script) => script.url);
    },
  };
}

/** The text of the elements that describe `locator` (aria-describedby). */
function description(locator: Locator) {
  return locator.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim(),
  );
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    return focused?.getAttribute("aria-label") ?? focused?.textContent?.trim() ?? null;
  });

describe("menus, popovers and tooltips", () => {
  let library: { id: string };
  let parent: { id: string; name: string };
  let child: { id: string; name: string };

  beforeAll(async () => {
    const { fixtures } = serviceApi();
    library = await fixtures.createLibrary(fixtures.unique("Menus"));
    parent = await fixtures.createFolder(library.id, "Parent");
    child = await fixtures.createFolder(library.id, "Child", parent.id);
  });

  async function openFolderPage(d: Dashboard) {
    const scripts = recordScripts(d.page);
    await d.goto(`/folders/${parent.id}`);
    await d.page.getByRole("heading", { level: 1, name: "Parent" }).waitFor();
    await d.page.locator(`[data-testid="folder-tile"][data-folder-id="${child.id}"]`).waitFor();
    await d.page.waitForLoadState("networkidle");
    return scripts;
  }

  test("a folder's menu, context menu and the filters load their code when used, by mouse and keyboard", async () => {
    const d = await openDashboard();
    const scripts = await openFolderPage(d);
    expect(await scripts.withRadixPopups()).toEqual([]);
    for (const chunk of Object.values(ON_DEMAND)) expect(scripts.fetched(chunk)).toBe(false);

    const tile = d.page.locator(`[data-testid="folder-tile"][data-folder-id="${child.id}"]`);
    const actions = tile.getByRole("button", { name: "Actions for folder Child" });
    const menu = d.page.getByRole("menu");
    expect(await actions.getAttribute("aria-haspopup")).toBe("menu");
    expect(await actions.getAttribute("aria-expanded")).toBe("false");

    // By keyboard: Enter opens with the first item focused, arrows move, Escape gives focus back to the button.
    await actions.focus();
    await d.page.keyboard.press("Enter");
    await menu.waitFor();
    expect(scripts.fetched(ON_DEMAND.menu)).toBe(true);
    await expect.poll(() => focusedLabel(d.page)).toBe("Download as zip");
    expect(await actions.getAttribute("aria-expanded")).toBe("true");
    await d.page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedLabel(d.page)).toBe("New subfolder…");
    await d.page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => focusedLabel(d.page)).toBe("Actions for folder Child");
    expect(await actions.getAttribute("aria-expanded")).toBe("false");
    await d.page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedLabel(d.page)).toBe("Download as zip");
    await d.page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });

    // By mouse, through the colour submenu.
    await actions.click();
    await menu.waitFor();
    await d.page.getByRole("menuitem", { name: "Colour" }).hover();
    await d.page.getByRole("menuitemradio", { name: "Green" }).waitFor();
    await d.screenshot("folder-menu-colours");
    await d.expectAccessible("folder menu, colours");
    await d.page.getByRole("menuitemradio", { name: "Green" }).click();
    await menu.first().waitFor({ state: "detached" });
    await expect
      .poll(async () => (await d.api("GET", `/v1/folders/${child.id}`)).color?.toLowerCase())
      .toBe("#059669");

    // The context menu opens where the pointer is.
    const box = (await tile.boundingBox())!;
    await tile.click({ button: "right", position: { x: 40, y: 20 } });
    const contextMenu = d.page.getByRole("menu", { name: "Actions for folder Child" });
    await contextMenu.waitFor();
    const menuBox = (await contextMenu.boundingBox())!;
    expect(Math.abs(menuBox.x - (box.x + 40))).toBeLessThan(8);
    expect(Math.abs(menuBox.y - (box.y + 20))).toBeLessThan(8);
    await contextMenu.getByRole("menuitem", { name: "Move to trash" }).waitFor();
    await d.screenshot("folder-context-menu");
    await d.expectAccessible("folder context menu");
    await d.page.keyboard.press("Escape");
    await contextMenu.waitFor({ state: "detached" });

    // From the keyboard (Shift+F10), with the first item focused; Escape returns to the focused link.
    const link = tile.getByRole("link", { name: "Child" });
    await link.focus();
    await d.page.keyboard.press("Shift+F10");
    await contextMenu.waitFor();
    await expect.poll(() => focusedLabel(d.page)).toBe("Download as zip");
    await d.page.keyboard.press("Escape");
    await contextMenu.waitFor({ state: "detached" });
    await expect.poll(() => focusedLabel(d.page)).toBe("Child");

    // A filter's panel loads when it first opens, and gives focus back to its button on Escape.
    expect(scripts.fetched(ON_DEMAND.popover)).toBe(false);
    const kind = d.page.getByTestId("filter-kind");
    expect(await kind.getAttribute("aria-expanded")).toBe("false");
    await kind.click();
    await d.page.getByRole("dialog", { name: "Kind filter" }).waitFor();
    expect(scripts.fetched(ON_DEMAND.popover)).toBe(true);
    expect(await kind.getAttribute("aria-expanded")).toBe("true");
    await d.page.keyboard.press("Escape");
    await d.page.getByRole("dialog", { name: "Kind filter" }).waitFor({ state: "detached" });
    // Radix gives focus back just after the panel unmounts.
    await expect.poll(() => kind.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  test("controls the key may not use say why, on hover and on keyboard focus", async () => {
    const d = await openDashboard();
    // The dashboard's key, as one without libraries:write.
    await d.page.route(/\/v1\/me(\?|$)/, async (route) => {
      const response = await route.fetch();
      const me = await response.json();
      me.key.scopes = me.key.scopes.filter((scope: string) => scope !== "libraries:write");
      await route.fulfill({ response, json: me });
    });
    const scripts = await openFolderPage(d);
    const reason = "The dashboard's API key lacks the libraries:write scope.";
    const newFolder = d.page.getByRole("button", { name: "New folder" });
    await expect.poll(() => newFolder.getAttribute("aria-disabled")).toBe("true");
    // Screen readers have the reason without the tooltip.
    expect(await description(newFolder)).toBe(reason);
    expect(scripts.fetched(ON_DEMAND.tooltip)).toBe(false);
    expect(await scripts.withRadixPopups()).toEqual([]);

    const tooltip = d.page.getByRole("tooltip");
    await newFolder.hover();
    await expect.poll(() => tooltip.textContent()).toBe(reason);
    await d.screenshot("denied-tooltip");
    await d.expectAccessible("denied control with its tooltip");
    expect(scripts.fetched(ON_DEMAND.tooltip)).toBe(true);
    await d.page.mouse.move(0, 0);
    await tooltip.waitFor({ state: "detached" });

    // Focus from the keyboard shows it at once; Escape hides it and leaves focus where it was.
    await newFolder.focus();
    await expect.poll(() => tooltip.textContent()).toBe(reason);
    await d.page.keyboard.press("Escape");
    await tooltip.waitFor({ state: "detached" });
    expect(await newFolder.evaluate((element) => element === document.activeElement)).toBe(true);
    await d.page.keyboard.press("Enter");
    expect(await d.page.getByRole("dialog").count()).toBe(0);

    // The folder's menu names the reason above its disabled items.
    await d.page.getByRole("button", { name: "Folder actions" }).click();
    const menu = d.page.getByRole("menu");
    await menu.getByText(reason).waitFor();
    expect(await menu.getByRole("menuitem", { name: "Rename…" }).getAttribute("aria-disabled")).toBe("true");
    await d.page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });

    await d.setTheme("dark");
    await d.page.getByRole("button", { name: "Folder actions" }).click();
    await menu.getByText(reason).waitFor();
    await d.screenshot("folder-menu-denied-dark");
    await d.expectAccessible("folder menu, denied, dark");
  });
});
