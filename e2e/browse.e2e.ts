import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import {
  chunkFetched,
  type Dashboard,
  e2eEnvironment,
  fileItem,
  openDashboard,
  serviceApi,
  shownFileNames,
} from "./harness.ts";

const shownNames = shownFileNames;

const searchOf = (page: Page) => new URL(page.url()).searchParams;

/** Waits for a thumbnail `<img>` of the files that loaded with pixels (through the BFF, under its CSP). */
async function expectThumbnails(page: Page) {
  await expect
    .poll(
      () =>
        page
          .locator("[data-file-id] img")
          .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
}

describe("browse", () => {
  let library: { id: string; name: string };
  let folder: { id: string; name: string };
  // Uploaded in this order, so the default (newest first) order is the reverse.
  const names = ["beta.png", "alpha.png", "delta.png", "gamma.png"];

  beforeAll(async () => {
    const { fixtures } = serviceApi();
    library = await fixtures.createLibrary(fixtures.unique("Browse"));
    folder = await fixtures.createFolder(library.id, "Photography");
    await fixtures.createFolder(library.id, "Logos");
    for (const [i, name] of names.entries()) {
      await fixtures.uploadPng(
        { name, folder_id: folder.id },
        { width: 320 + i * 200, height: 240 + i * 150, color: { r: 40 * i, g: 120, b: 200 - 40 * i } },
      );
    }
    await fixtures.uploadBytes({ name: "notes.txt", folder_id: folder.id }, Buffer.from("Shot list\n"));
    await fixtures.uploadPng({ name: "cover.png", library_id: library.id });
  });

  test("libraries → library → folder, in grid and list, light and dark", async () => {
    const d = await openDashboard();
    await d.page.locator("#main").getByRole("link", { name: library.name }).click();
    await d.page.waitForURL((url) => url.pathname === `/libraries/${library.id}`);
    await d.page.getByRole("heading", { level: 1, name: library.name }).waitFor();
    await d.page.locator("#main").getByRole("link", { name: "Logos" }).waitFor();
    await expect.poll(() => shownNames(d.page)).toEqual(["cover.png"]);
    await d.screenshot("library");
    await d.expectAccessible("library page");

    await d.page.locator("#main").getByRole("link", { name: "Photography" }).click();
    await d.page.waitForURL((url) => url.pathname === `/folders/${folder.id}`);
    await d.page.getByRole("heading", { level: 1, name: "Photography" }).waitFor();
    await expect.poll(() => shownNames(d.page)).toEqual(["notes.txt", ...[...names].reverse()]);
    await expectThumbnails(d.page);
    // The breadcrumb leads back to the library.
    await expect
      .poll(() =>
        d.page
          .getByRole("navigation", { name: "Breadcrumb" })
          .getByRole("link", { name: library.name })
          .count(),
      )
      .toBe(1);
    await d.screenshot("folder-grid-light");
    await d.expectAccessible("folder, grid, light");

    await d.page.getByRole("button", { name: "List view" }).click();
    await expect.poll(() => searchOf(d.page).get("view")).toBe("list");
    await d.page.getByRole("table", { name: "Files" }).waitFor();
    await expect.poll(() => shownNames(d.page)).toEqual(["notes.txt", ...[...names].reverse()]);
    await d.screenshot("folder-list-light");
    await d.expectAccessible("folder, list, light");

    await d.setTheme("dark");
    await d.page.getByRole("table", { name: "Files" }).waitFor();
    await expectThumbnails(d.page);
    await d.screenshot("folder-list-dark");
    await d.expectAccessible("folder, list, dark");
    await d.page.getByRole("button", { name: "Grid view" }).click();
    await expect.poll(() => searchOf(d.page).get("view")).toBeNull();
    await expectThumbnails(d.page);
    await d.screenshot("folder-grid-dark");
    await d.expectAccessible("folder, grid, dark");
    await d.goto(`/libraries/${library.id}`);
    await d.page.getByRole("heading", { level: 1, name: library.name }).waitFor();
    await d.screenshot("library-dark");
    await d.expectAccessible("library page, dark");
    await d.goto("/");
    await d.page.getByRole("heading", { level: 1, name: "Libraries" }).waitFor();
    await d.screenshot("libraries-dark");
    await d.expectAccessible("libraries, dark");
  });

  test("on a phone the toolbar's filters take one line that scrolls sideways, and the toolbar scrolls away", async () => {
    const d = await openDashboard({ viewport: { width: 390, height: 844 } });
    await d.goto(`/folders/${folder.id}`);
    await expect.poll(() => shownNames(d.page)).toEqual(["notes.txt", ...[...names].reverse()]);
    const toolbar = d.page.getByTestId("browse-toolbar");
    const filters = toolbar.getByRole("search", { name: "Filters" });
    const filterBox = (await filters.boundingBox())!;
    expect(filterBox.height).toBeLessThan(44);
    expect(await filters.evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(true);
    // Its right edge fades while more filters lie beyond it; scrolled to the end, the left one does instead.
    const fades = () => filters.evaluate((row) => getComputedStyle(row).maskImage);
    const [clear, solid] = ["rgba(0, 0, 0, 0)", "rgb(0, 0, 0)"];
    await expect
      .poll(fades)
      .toBe(`linear-gradient(to right, ${solid}, ${solid} calc(100% - 32px), ${clear})`);
    await filters.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
    await expect.poll(fades).toBe(`linear-gradient(to right, ${clear}, ${solid} 32px, ${solid})`);
    await filters.evaluate((row) => row.scrollTo({ left: 0 }));
    expect((await toolbar.boundingBox())!.height).toBeLessThan(140);
    expect(await toolbar.evaluate((bar) => getComputedStyle(bar).position)).toBe("static");
    // Two columns of tiles, each wide enough for a thumbnail and its name.
    const [first, second] = await Promise.all(
      [0, 1].map((i) => d.page.locator("[data-file-id]").nth(i).boundingBox()),
    );
    expect(second!.y).toBe(first!.y);
    expect(first!.width).toBeGreaterThan(140);
    await d.screenshot("phone-toolbar");
    await d.expectAccessible("folder on a phone");
  });

  test("a transparent black logo stays visible on a dark tile", async () => {
    const { fixtures } = serviceApi();
    const marks = await fixtures.createLibrary(fixtures.unique("Marks"));
    const clear = { r: 0, g: 0, b: 0, alpha: 0 };
    const black = { r: 0, g: 0, b: 0, alpha: 1 };
    const logo = await sharp({ create: { width: 400, height: 400, channels: 4, background: clear } })
      .composite([
        {
          input: { create: { width: 200, height: 200, channels: 4, background: black } },
          left: 100,
          top: 100,
        },
      ])
      .png()
      .toBuffer();
    const file = await fixtures.uploadBytes({ name: "black-mark.png", library_id: marks.id }, logo);
    await fixtures.waitUntilProcessed(file.id);
    const d = await openDashboard();
    await d.setTheme("dark");
    await d.goto(`/libraries/${marks.id}`);
    const picture = d.page.locator(`[data-file-id="${file.id}"] img`);
    await expect
      .poll(() =>
        picture.evaluate((img: HTMLImageElement) => img.naturalWidth > 0 && getComputedStyle(img).opacity),
      )
      .toBe("1");
    const shot = await picture.screenshot();
    const { width, height } = await sharp(shot).metadata();
    const meanOf = async (left: number, top: number) => {
      const patch = { left: Math.round(left * width!), top: Math.round(top * height!) };
      const size = { width: Math.round(width! / 6), height: Math.round(height! / 6) };
      // `stats()` reads its input, not the pipeline's result: the patch is cut out first.
      const cut = await sharp(shot)
        .extract({ ...patch, ...size })
        .greyscale()
        .toBuffer();
      const stats = await sharp(cut).stats();
      return stats.channels[0]!.mean;
    };
    // The transparent corners show a mid-grey grid, not the dark tile, so the black mark stands out.
    expect(await meanOf(0.02, 0.02)).toBeGreaterThan(70);
    expect(await meanOf(0.42, 0.42)).toBeLessThan(20);
    await d.screenshot("transparent-logo-dark");
  });

  test("a dialog opened from a menu loads then, takes focus, and gives it back on Escape", async () => {
    const d = await openDashboard();
    await d.goto(`/libraries/${library.id}`);
    await d.page.getByRole("heading", { level: 1, name: library.name }).waitFor();
    await d.page.waitForLoadState("networkidle");
    const dialogChunks = async () =>
      [...(await chunkFetched(d, "modal-dialog")), ...(await chunkFetched(d, "library-dialogs"))].length;
    expect(await dialogChunks(), "no dialog code before a dialog opens").toBe(0);

    const menuButton = d.page.getByRole("button", { name: "Library actions" });
    await menuButton.click();
    await d.page.getByRole("menuitem", { name: "Edit details…" }).click();
    const dialog = d.page.getByRole("dialog", { name: "Edit library" });
    await dialog.waitFor();
    const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
    await expect.poll(() => isFocused(dialog.getByLabel("Name"))).toBe(true);
    expect(await dialogChunks()).toBe(2);
    await d.page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(menuButton)).toBe(true);
  });

  test("file names are real links: a click on the name opens the file, a click on the tile selects it", async () => {
    const d = await openDashboard();
    await d.goto(`/folders/${folder.id}`);
    const tile = fileItem(d.page, "alpha.png");
    await tile.waitFor();
    const id = await tile.getAttribute("data-file-id");
    const link = tile.getByRole("link", { name: "alpha.png" });
    // An anchor with the file page's address: new tab, copy link and middle-click work as on any link.
    expect(await link.getAttribute("href")).toBe(`/files/${id}`);
    await tile.click({ position: { x: 40, y: 20 } });
    expect(await tile.getAttribute("data-selected")).not.toBeNull();
    expect(new URL(d.page.url()).pathname).toBe(`/folders/${folder.id}`);
    // Escape clears the selection, where the tile has focus and where nothing has.
    const bar = d.page.getByRole("toolbar", { name: "Selection actions" });
    await d.page.keyboard.press("Escape");
    await bar.waitFor({ state: "detached" });
    await tile.click({ position: { x: 40, y: 20 } });
    await bar.waitFor();
    await d.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await d.page.keyboard.press("Escape");
    await bar.waitFor({ state: "detached" });
    expect(await tile.getAttribute("data-selected")).toBeNull();

    await d.page.getByRole("button", { name: "List view" }).click();
    const row = fileItem(d.page, "beta.png");
    expect(await row.getByRole("link", { name: "beta.png" }).getAttribute("href")).toBe(
      `/files/${await row.getAttribute("data-file-id")}`,
    );
    await row.getByRole("link", { name: "beta.png" }).click();
    await d.page.getByRole("heading", { level: 1, name: "beta.png" }).waitFor();
  });

  test("the file page's previous and next follow the browse view's order, also after a reload", async () => {
    const d = await openDashboard();
    await d.goto(`/folders/${folder.id}?sort=name&order=asc`);
    const ascending = ["alpha.png", "beta.png", "delta.png", "gamma.png", "notes.txt"];
    await expect.poll(() => shownNames(d.page)).toEqual(ascending);
    const idOf = async (name: string) => await fileItem(d.page, name).getAttribute("data-file-id");
    const [alpha, delta] = [await idOf("alpha.png"), await idOf("delta.png")];
    await fileItem(d.page, "beta.png").getByRole("link", { name: "beta.png" }).click();
    await d.page.getByRole("heading", { level: 1, name: "beta.png" }).waitFor();
    // By name, not the folder's newest-first order (in which beta.png, uploaded first, is last).
    const hrefs = async () => [
      await d.page.getByRole("link", { name: "Previous file" }).getAttribute("href"),
      await d.page.getByRole("link", { name: "Next file" }).getAttribute("href"),
    ];
    expect(await hrefs()).toEqual([`/files/${alpha}`, `/files/${delta}`]);
    await d.page.reload({ waitUntil: "load" });
    await d.page.getByRole("heading", { level: 1, name: "beta.png" }).waitFor();
    expect(await hrefs()).toEqual([`/files/${alpha}`, `/files/${delta}`]);
    await d.page.keyboard.press("ArrowRight");
    await d.page.getByRole("heading", { level: 1, name: "delta.png" }).waitFor();
  });

  test("sort by name, both ways; the URL keeps view and sort across a reload", async () => {
    const d = await openDashboard();
    await d.goto(`/folders/${folder.id}`);
    const pngs = (list: string[]) => list.filter((n) => n.endsWith(".png"));
    await expect.poll(async () => pngs(await shownNames(d.page))).toEqual([...names].reverse());

    await d.page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Name" });
    await expect.poll(() => searchOf(d.page).get("sort")).toBe("name");
    const ascending = ["alpha.png", "beta.png", "delta.png", "gamma.png", "notes.txt"];
    await expect.poll(() => shownNames(d.page)).toEqual(ascending);

    await d.page.getByRole("button", { name: /switch to descending/ }).click();
    await expect.poll(() => searchOf(d.page).get("order")).toBe("desc");
    await expect.poll(() => shownNames(d.page)).toEqual([...ascending].reverse());

    await d.page.getByRole("button", { name: "List view" }).click();
    await expect.poll(() => searchOf(d.page).get("view")).toBe("list");
    // The list's column header says how it is sorted.
    await expect.poll(() => d.page.locator("th[aria-sort=descending]").textContent()).toContain("Name");

    await d.page.reload({ waitUntil: "load" });
    await d.page.getByRole("table", { name: "Files" }).waitFor();
    await expect.poll(() => shownNames(d.page)).toEqual([...ascending].reverse());
    expect(await d.page.getByRole("combobox", { name: "Sort by" }).inputValue()).toBe("name");
    expect(await d.page.getByRole("button", { name: "List view" }).getAttribute("aria-pressed")).toBe("true");
  });

  test("filters are reflected in the URL and survive a reload", async () => {
    const d = await openDashboard();
    await d.goto(`/folders/${folder.id}`);
    await expect.poll(() => shownNames(d.page).then((n) => n.length)).toBe(5);

    await d.page.getByTestId("filter-kind").click();
    const documents = d.page.getByRole("dialog", { name: "Kind filter" }).getByLabel("Documents");
    // The box follows the URL, which the router updates a moment after the click.
    await documents.click();
    await expect.poll(() => documents.isChecked()).toBe(true);
    await d.page.keyboard.press("Escape");
    await expect.poll(() => searchOf(d.page).get("kind")).toContain("document");
    await expect.poll(() => shownNames(d.page)).toEqual(["notes.txt"]);
    const chips = d.page.getByRole("list", { name: "Active filters" });
    await chips.getByText("Kind: Documents").waitFor();
    await d.screenshot("folder-filtered");
    await d.expectAccessible("folder, filtered");

    await d.page.reload({ waitUntil: "load" });
    await expect.poll(() => shownNames(d.page)).toEqual(["notes.txt"]);
    await chips.getByText("Kind: Documents").waitFor();
    expect(searchOf(d.page).get("kind")).toContain("document");

    await d.page.getByRole("button", { name: "Remove filter Kind: Documents" }).click();
    await expect.poll(() => searchOf(d.page).get("kind")).toBeNull();
    await expect.poll(() => shownNames(d.page).then((n) => n.length)).toBe(5);

    await d.page.getByTestId("filter-extension").click();
    await d.page.getByLabel("Extensions (comma separated)").fill("png");
    await d.page.getByRole("button", { name: "Add", exact: true }).click();
    await d.page.keyboard.press("Escape");
    await expect.poll(() => searchOf(d.page).get("ext")).toContain("png");
    await expect.poll(() => shownNames(d.page).then((n) => n.sort())).toEqual([...names].sort());
    await d.page.reload({ waitUntil: "load" });
    await expect.poll(() => shownNames(d.page).then((n) => n.sort())).toEqual([...names].sort());
  });

  test("the Tags filter offers the tags in use and shows the files that carry every chosen tag", async () => {
    const { api, fixtures } = serviceApi();
    const approved = fixtures.unique("approved");
    const print = fixtures.unique("print");
    const listed: { data: { id: string; name: string }[] } = await api(
      "GET",
      `/v1/files?folder_id=${folder.id}`,
    );
    const idOf = (name: string) => listed.data.find((file) => file.name === name)!.id;
    await api("PATCH", `/v1/files/${idOf("alpha.png")}`, { tags: [approved, print] });
    await api("PATCH", `/v1/files/${idOf("beta.png")}`, { tags: [approved] });
    await api("PATCH", `/v1/files/${idOf("notes.txt")}`, { tags: [print] });

    const d = await openDashboard();
    await d.goto(`/folders/${folder.id}`);
    await expect.poll(() => shownNames(d.page).then((n) => n.length)).toBe(5);
    await d.page.getByTestId("filter-tag").click();
    const panel = d.page.getByRole("dialog", { name: "Tags filter" });
    const field = panel.getByRole("combobox", { name: "Files tagged" });
    await field.fill(approved.slice(0, -1));
    await panel.getByRole("option", { name: `${approved} 2 files` }).click();
    await expect.poll(() => searchOf(d.page).get("tag")).toContain(approved);
    await expect.poll(() => shownNames(d.page).then((n) => n.sort())).toEqual(["alpha.png", "beta.png"]);

    await field.fill(print);
    await field.press("Enter");
    await expect.poll(() => shownNames(d.page)).toEqual(["alpha.png"]);
    await d.page.keyboard.press("Escape");
    const chips = d.page.getByRole("list", { name: "Active filters" });
    await chips.getByText(`Tag: ${approved}`).waitFor();
    await chips.getByText(`Tag: ${print}`).waitFor();
    await d.screenshot("folder-tag-filter");

    await d.page.reload({ waitUntil: "load" });
    await expect.poll(() => shownNames(d.page)).toEqual(["alpha.png"]);
    await d.page.getByRole("button", { name: `Remove filter Tag: ${approved}` }).click();
    await expect.poll(() => shownNames(d.page).then((n) => n.sort())).toEqual(["alpha.png", "notes.txt"]);
  });

  test("a natural-language search shows how it was read, and becomes filter chips on request", async () => {
    const d = await openDashboard();
    await d.goto(`/folders/${folder.id}?q=${encodeURIComponent("images alpha")}`);
    await expect.poll(() => shownNames(d.page)).toEqual(["alpha.png"]);
    await d.page.getByText("Searched for “alpha”, images").waitFor();
    await d.page.getByRole("button", { name: "Use as filters" }).click();
    await expect.poll(() => searchOf(d.page).get("q")).toBe("alpha");
    expect(searchOf(d.page).get("kind")).toContain("image");
    const chips = d.page.getByRole("list", { name: "Active filters" });
    await chips.getByText("Kind: Images").waitFor();
    await expect.poll(() => shownNames(d.page)).toEqual(["alpha.png"]);
    expect(await d.page.getByRole("button", { name: "Use as filters" }).count()).toBe(0);
    await d.page.getByRole("button", { name: "Remove filter Kind: Images" }).click();
    await expect.poll(() => searchOf(d.page).get("kind")).toBeNull();
    await expect.poll(() => shownNames(d.page)).toEqual(["alpha.png"]);

    // A search that finds nothing, with no filter set, offers to clear the search.
    await d.goto(`/folders/${folder.id}?q=${encodeURIComponent("zebracorn")}`);
    await d.page.getByRole("heading", { name: "No files match “zebracorn”" }).waitFor();
    await d.page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => searchOf(d.page).get("q")).toBeNull();
    await expect.poll(() => shownNames(d.page).then((n) => n.length)).toBe(5);
  });

  test("infinite scroll loads every page of a folder of a few hundred files", async () => {
    const env = e2eEnvironment();
    const { folderId, files } = env.seed.synthetic;
    const { api } = serviceApi(env);
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { name: string }[]; next_cursor: string | null } = await api(
        "GET",
        `/v1/files?folder_id=${folderId}&sort=name&order=asc&limit=100${cursor ? `&cursor=${cursor}` : ""}`,
      );
      all.push(...page.data.map((f) => f.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(all.length).toBe(files);

    const d: Dashboard = await openDashboard();
    const listRequests: string[] = [];
    d.page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/v1/files") listRequests.push(url.search);
    });
    await d.goto(`/folders/${folderId}?sort=name&order=asc`);
    await expect.poll(() => shownNames(d.page).then((n) => n[0])).toBe(all[0]);
    await expectThumbnails(d.page);
    await d.screenshot("synthetic-folder");

    const last = all.at(-1)!;
    const lastBox = d.page.getByRole("checkbox", { name: `Select ${last}`, exact: true });
    for (let i = 0; i < 60 && (await lastBox.count()) === 0; i++) {
      await d.page.locator("#main").evaluate((main) => main.scrollTo({ top: main.scrollHeight }));
      await d.page.waitForTimeout(150);
    }
    await lastBox.waitFor({ state: "attached" });
    // The grid is virtualized: what is shown at the bottom is the end of the list, in order.
    const bottom = await shownNames(d.page);
    expect(all.slice(-bottom.length)).toEqual(bottom);
    expect(listRequests.filter((search) => search.includes("cursor=")).length).toBeGreaterThanOrEqual(2);
    await d.screenshot("synthetic-folder-bottom");
  });
});
