import { describe, expect, test } from "vitest";
import { startReceiver } from "../src/service/webhooks/webhooks-test-kit.ts";
import { chunkFetched, openDashboard, overflowsHorizontally, serviceApi, shownFileNames } from "./harness.ts";

describe("navigation", () => {
  test("the top bar's search lists matching files across libraries", async () => {
    const d = await openDashboard();
    const word = `zebra${Date.now().toString(36)}`;
    const library = await d.fixtures.createLibrary();
    await d.fixtures.uploadPng({ name: `${word}-stripes.png`, library_id: library.id });
    await d.fixtures.uploadPng({ name: "horse.png", library_id: library.id });

    await d.page.getByRole("searchbox", { name: "Search files" }).fill(word);
    await d.page.getByRole("searchbox", { name: "Search files" }).press("Enter");
    await d.page.waitForURL((url) => url.pathname === "/files" && url.searchParams.get("q") === word);
    await expect.poll(() => shownFileNames(d.page)).toEqual([`${word}-stripes.png`]);
    await d.screenshot("search-results");
    await d.expectAccessible("search results");
  });

  test("the command palette finds a library and opens it", async () => {
    const d = await openDashboard();
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Palette"));
    await d.page.getByRole("heading", { level: 1, name: "Libraries" }).waitFor();
    await d.page.keyboard.press("Control+k");
    const palette = d.page.getByRole("dialog", { name: "Command palette" });
    await palette.waitFor();
    await d.expectAccessible("command palette");
    await palette.getByRole("combobox").fill(library.name);
    await palette
      .getByRole("option", { name: new RegExp(library.name) })
      .first()
      .waitFor();
    await d.screenshot("palette");
    await d.page.keyboard.press("Enter");
    await d.page.waitForURL((url) => url.pathname === `/libraries/${library.id}`);
    await expect.poll(() => palette.count()).toBe(0);

    // Every screen of the navigation is there too, by its name or a word for it.
    await d.page.keyboard.press("Control+k");
    await palette.getByRole("combobox").fill("shared");
    await palette.getByRole("option", { name: "Shared links" }).waitFor();
    await palette.getByRole("combobox").fill("wetransfer");
    await palette.getByRole("option", { name: "Transfers" }).waitFor();
    await d.page.keyboard.press("Enter");
    await d.page.waitForURL((url) => url.pathname === "/transfers");

    // Boards by name.
    const board = await d.api("POST", "/v1/boards", { name: d.fixtures.unique("Palette picks") });
    await d.page.keyboard.press("Control+k");
    await palette.getByRole("combobox").fill(board.name.toLowerCase());
    await palette.getByRole("group", { name: "Boards" }).getByRole("option", { name: board.name }).waitFor();
    await d.page.keyboard.press("Enter");
    await d.page.waitForURL((url) => url.pathname === `/boards/${board.id}`);
  });

  test("palette results are real links: Ctrl+click opens a new tab, a plain click opens here", async () => {
    const d = await openDashboard();
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Linked"));
    const file = await d.fixtures.uploadPng({ name: "palette-link-logo.png", library_id: library.id });
    await d.page.getByRole("heading", { level: 1, name: "Libraries" }).waitFor();
    await d.page.keyboard.press("Control+k");
    const palette = d.page.getByRole("dialog", { name: "Command palette" });
    await palette.getByRole("combobox").fill("palette-link-logo");
    const result = palette.getByRole("option", { name: /palette-link-logo\.png/ }).first();
    const link = result.getByRole("link");
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(`/files/${file.id}`);

    const opened = d.context.waitForEvent("page");
    await link.click({ modifiers: ["Control"] });
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === `/files/${file.id}`);
    await tab.getByRole("heading", { level: 1, name: "palette-link-logo.png" }).waitFor();
    await tab.close();
    // The palette stayed open on the first tab, which did not navigate.
    expect(new URL(d.page.url()).pathname).toBe("/");
    await palette.waitFor();

    await link.click();
    await d.page.waitForURL((url) => url.pathname === `/files/${file.id}`);
    await expect.poll(() => palette.count()).toBe(0);
    await d.page.goBack();
    await d.page.waitForURL((url) => url.pathname === "/");
  });

  test("the palette's code loads on the first Ctrl K, which opens it and keeps what is typed at once", async () => {
    const d = await openDashboard();
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Typed ahead"));
    await d.page.getByRole("heading", { level: 1, name: "Libraries" }).waitFor();
    await d.page.waitForLoadState("networkidle");
    expect(await chunkFetched(d, "command-palette")).toEqual([]);
    // A slow network: the keys are typed while the palette's code is still on its way.
    await d.page.route(/\/assets\/command-palette-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });

    await d.page.keyboard.press("Control+k");
    await d.page.keyboard.type(library.name);
    const palette = d.page.getByRole("dialog", { name: "Command palette" });
    const search = palette.getByRole("combobox");
    await expect.poll(() => search.inputValue()).toBe(library.name);
    await palette
      .getByRole("option", { name: new RegExp(library.name) })
      .first()
      .waitFor();
    expect(await chunkFetched(d, "command-palette")).toHaveLength(1);
    // Typing goes on at the end of what was typed, not over it.
    await d.page.keyboard.type("!");
    await expect.poll(() => search.inputValue()).toBe(`${library.name}!`);
    await d.page.keyboard.press("Escape");
    await expect.poll(() => palette.count()).toBe(0);
  });

  test("on a tablet (768 px) the screens fit the width and the navigation is a drawer", async () => {
    const { fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Tablet"));
    const folder = await fixtures.createFolder(library.id, "Shoot");
    const file = await fixtures.uploadPng({ name: "tablet.png", folder_id: folder.id });

    const d = await openDashboard({ viewport: { width: 768, height: 1024 } });
    const screens: [string, string, () => Promise<unknown>][] = [
      ["libraries", "/", () => d.page.getByRole("heading", { level: 1, name: "Libraries" }).waitFor()],
      [
        "folder",
        `/folders/${folder.id}`,
        () => expect.poll(() => shownFileNames(d.page)).toEqual(["tablet.png"]),
      ],
      [
        "file",
        `/files/${file.id}`,
        () => d.page.getByRole("heading", { level: 1, name: "tablet.png" }).waitFor(),
      ],
      ["trash", "/trash", () => d.page.getByRole("heading", { level: 1, name: "Trash" }).waitFor()],
      ["webhooks", "/webhooks", () => d.page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor()],
      ["usage", "/usage", () => d.page.getByRole("heading", { level: 1, name: "Usage" }).waitFor()],
      ["settings", "/settings", () => d.page.getByRole("heading", { level: 1, name: "Settings" }).waitFor()],
    ];
    const titles: Record<string, string> = {
      libraries: "Libraries · Brandspace",
      folder: "Shoot · Brandspace",
      file: "tablet.png · Brandspace",
      trash: "Trash · Brandspace",
    };
    for (const [name, path, ready] of screens) {
      await d.goto(path);
      await ready();
      // Each screen names its tab, so that several open tabs can be told apart.
      if (titles[name]) await expect.poll(() => d.page.title()).toBe(titles[name]);
      await d.screenshot(`tablet-${name}`);
      expect(await overflowsHorizontally(d.page), `${name} is wider than the tablet`).toBe(false);
      await d.expectAccessible(`${name} on a tablet`);
    }

    // The sidebar is off screen until the menu button opens it; following a link closes it again. Closed, the
    // drawer slides out and then turns invisible (which takes its links out of reach of a role query).
    const trashLink = d.page.getByRole("link", { name: "Trash", exact: true });
    const trashLinkOnScreen = async () =>
      (await trashLink.isVisible()) && ((await trashLink.boundingBox({ timeout: 1_000 }))?.x ?? -1) >= 0;
    expect(await trashLinkOnScreen()).toBe(false);
    // Closed, its links are out of the tab order: after "Skip to content" comes the menu button.
    const focusedName = () =>
      d.page.evaluate(() => {
        const element = document.activeElement;
        return element?.getAttribute("aria-label") ?? element?.textContent?.trim();
      });
    await d.page.locator("body").focus();
    await d.page.keyboard.press("Tab");
    await d.page.keyboard.press("Tab");
    expect(await focusedName()).toBe("Toggle navigation");
    // Opened, it takes the focus, and Escape closes it, giving the focus back to the menu button.
    const toggle = d.page.getByRole("button", { name: "Toggle navigation" });
    await d.page.keyboard.press("Enter");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(focusedName).toBe("Brandspace");
    await d.page.keyboard.press("Escape");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await focusedName()).toBe("Toggle navigation");
    await expect.poll(() => trashLink.isVisible()).toBe(false);

    // Left open while the window widens past the breakpoint, it closes: the page is not left inert.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    await d.page.setViewportSize({ width: 1280, height: 1024 });
    await expect
      .poll(() => d.page.locator("#main").evaluate((main) => main.closest("[inert]") === null))
      .toBe(true);
    await d.page.setViewportSize({ width: 768, height: 1024 });

    await toggle.click();
    await expect.poll(async () => (await trashLink.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
    await d.screenshot("tablet-drawer");
    await trashLink.click();
    await d.page.waitForURL((url) => url.pathname === "/trash");
    await expect.poll(trashLinkOnScreen).toBe(false);
  });

  test("on a phone (390 px) the tables of links, transfers and endpoints scroll sideways, their columns whole", async () => {
    const { fixtures, api } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Phone"));
    const file = await fixtures.uploadPng({ name: "phone.png", library_id: library.id });
    await api("POST", "/v1/shared-links", { target: { type: "library", id: library.id } });
    await api("POST", "/v1/transfers", { name: fixtures.unique("Phone transfer"), file_ids: [file.id] });
    const receiver = await startReceiver();
    try {
      await api("POST", "/v1/webhooks", { url: receiver.url, events: ["*"], description: "Phone endpoint" });
      const d = await openDashboard({ viewport: { width: 390, height: 844 } });
      for (const [path, caption] of [
        ["/shared-links", "Shared links"],
        ["/transfers", "Transfers"],
        ["/webhooks", "Webhook endpoints"],
      ] as const) {
        await d.goto(path);
        const table = d.page
          .locator("table")
          .filter({ has: d.page.locator("caption", { hasText: caption }) });
        await table.locator("tbody tr").first().waitFor();
        expect(await overflowsHorizontally(d.page), `${path} is wider than the phone`).toBe(false);
        const firstColumn = await table.locator("thead th").first().boundingBox();
        expect(firstColumn!.width, `${path}'s first column`).toBeGreaterThan(120);
        await d.screenshot(`phone-${path.slice(1)}`);
      }
    } finally {
      await receiver.close();
    }
  });
});
