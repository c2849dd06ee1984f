import { describe, expect, test } from "vitest";
import { expectToast, fileItem, openDashboard, serviceApi } from "./harness.ts";

describe("pages", () => {
  test("build a page with a heading, an image and a board, publish it, read it as a visitor, unpublish", async () => {
    const { fixtures, api } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Guides"));
    const imageName = `${fixtures.unique("cover").replace(/\s+/g, "-")}.png`;
    const image = await fixtures.uploadPng(
      { name: imageName, library_id: library.id },
      { width: 600, height: 300 },
    );
    const notes = await fixtures.uploadBytes(
      { name: `${fixtures.unique("notes").replace(/\s+/g, "-")}.txt`, library_id: library.id },
      Buffer.from("not an image\n"),
    );
    const board = await api("POST", "/v1/boards", { name: fixtures.unique("Launch board") });
    await api("POST", `/v1/boards/${board.id}/files`, { file_ids: [image.id] });

    const d = await openDashboard();
    await d.goto("/pages");
    await d.page.getByRole("button", { name: "New page" }).first().click();
    const dialog = d.page.getByRole("dialog", { name: "New page" });
    await dialog.getByLabel("Title").fill("Brand guidelines");
    await dialog.getByLabel("Library").selectOption(library.id);
    await dialog.getByRole("button", { name: "Create page" }).click();

    const adder = d.page.getByRole("group", { name: "Add a block" });
    await adder.getByRole("button", { name: "Heading" }).click();
    await d.page.getByRole("textbox", { name: "Heading text" }).fill("Our logo");
    await adder.getByRole("button", { name: "Paragraph" }).click();
    await d.page
      .getByRole("textbox", { name: "Paragraph", exact: true })
      .fill("Use the **dark** version on photos.");
    await adder.getByRole("button", { name: "Image" }).click();
    await d.page.getByRole("button", { name: "Choose image…" }).click();
    const picker = d.page.getByRole("dialog", { name: "Choose an image" });
    // The newest images are offered before any typing, and only images.
    await picker.getByText("Newest images").waitFor();
    await picker.getByRole("button", { name: imageName }).waitFor();
    expect(await picker.getByRole("button", { name: notes.name }).count()).toBe(0);
    await picker.getByLabel("Search files").fill(imageName.slice(0, -4));
    await picker.getByText(`Images matching “${imageName.slice(0, -4)}”`).waitFor();
    await picker.getByRole("button", { name: imageName }).click();
    // The preview shows the image picked a moment ago, before any save.
    await d.page.getByRole("button", { name: "Preview" }).click();
    const picked = d.page.getByRole("img", { name: imageName });
    await expect
      .poll(() => picked.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await d.page.getByRole("button", { name: "Edit" }).click();
    await adder.getByRole("button", { name: "Board" }).click();
    await d.page.getByRole("combobox", { name: "Board", exact: true }).selectOption(board.id);
    // A file grid's picker offers the library's newest files, but never the page being edited.
    const pageId = new URL(d.page.url()).pathname.split("/").pop()!;
    const pageAsFile = await api("GET", `/v1/files/${pageId}`);
    const newest = await api("GET", "/v1/files?limit=24&sort=created_at&order=desc");
    expect(newest.data.map((f: { id: string }) => f.id)).toContain(pageId);
    await adder.getByRole("button", { name: "File grid" }).click();
    await d.page.getByRole("button", { name: "Add files…" }).click();
    const gridPicker = d.page.getByRole("dialog", { name: "Add files to the grid" });
    await gridPicker.getByRole("listitem").filter({ hasText: notes.name }).waitFor();
    expect(await gridPicker.getByRole("listitem").filter({ hasText: pageAsFile.name }).count()).toBe(0);
    await gridPicker.getByRole("button", { name: "Cancel" }).click();
    await d.page.getByRole("button", { name: "Remove File grid" }).click();
    // The board goes above the image, by keyboard.
    await d.page.getByRole("button", { name: "Move Board up" }).click();
    await d.page.getByRole("button", { name: "Save" }).click();
    await expectToast(d.page, "Page saved");
    const pages = await api("GET", "/v1/pages?limit=100");
    const saved = pages.data.find((p: { title: string }) => p.title === "Brand guidelines");
    expect(saved.content.blocks.map((b: { type: string }) => b.type)).toEqual([
      "heading",
      "paragraph",
      "board_embed",
      "image",
    ]);
    expect(saved.content.blocks[1].runs).toEqual([
      { text: "Use the " },
      { text: "dark", bold: true },
      { text: " version on photos." },
    ]);

    await d.page.getByRole("button", { name: "Preview" }).click();
    await d.page.getByRole("heading", { name: "Our logo" }).waitFor();
    await d.expectAccessible("page editor preview");
    await d.page.getByRole("button", { name: "Publish" }).click();
    const url = await d.page.getByLabel("Public link").inputValue();
    expect(url).toMatch(new RegExp(`^${d.url}/p/[\\w-]{32}$`));
    await d.screenshot("page-editor");

    const v = await openDashboard({ login: false });
    await v.page.goto(url, { waitUntil: "load" });
    await v.page.getByRole("heading", { level: 1, name: "Brand guidelines" }).waitFor();
    expect(await v.page.title()).toBe("Brand guidelines · Brandspace");
    await v.page.getByRole("heading", { name: "Our logo" }).waitFor();
    await v.page.getByText("dark", { exact: true }).waitFor();
    const cover = v.page.getByRole("img", { name: imageName }).first();
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // The embedded board names its files under their pictures.
    await v.page
      .getByRole("region", { name: `Board ${board.name}` })
      .getByText(imageName)
      .waitFor();
    await v.expectAccessible("published page");
    await v.screenshot("published-page");
    expect(await v.findInTraces(d.service.ownerKey)).toEqual([]);

    await d.page.getByRole("button", { name: "Unpublish" }).click();
    await expectToast(d.page, "Page unpublished");
    await v.page.reload();
    await v.page.getByRole("heading", { name: "This page is not available" }).waitFor();

    // A page reached as a file (from a library's grid, a search) opens in its editor.
    await d.goto(`/files/${saved.id}`);
    await d.page.waitForURL((u) => u.pathname === `/pages/${saved.id}`);
    // Leaving with unsaved changes asks first; staying keeps them, leaving drops them.
    await adder.getByRole("button", { name: "Divider" }).click();
    await d.page.getByRole("link", { name: "Usage" }).click();
    const leave = d.page.getByRole("dialog", { name: "Leave without saving?" });
    await leave.getByRole("button", { name: "Cancel" }).click();
    await d.page.getByRole("button", { name: "Save" }).waitFor();
    expect(d.page.url()).toContain(`/pages/${saved.id}`);
    await d.page.getByRole("link", { name: "Usage" }).click();
    await leave.getByRole("button", { name: "Leave without saving" }).click();
    await d.page.waitForURL((u) => u.pathname === "/usage");
    const kept = await api("GET", `/v1/pages/${saved.id}`);
    expect(kept.content.blocks).toHaveLength(4);
  });

  test("a page in a library's grid says Page instead of a byte size, and opens in its editor", async () => {
    const { fixtures, api } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Handbooks"));
    const title = fixtures.unique("Tone of voice");
    const page = await api("POST", "/v1/pages", { title, library_id: library.id });
    const d = await openDashboard();
    await d.goto(`/libraries/${library.id}`);
    const tile = fileItem(d.page, title);
    await tile.waitFor();
    expect(await tile.textContent()).toContain("Page");
    expect(await tile.textContent()).not.toMatch(/\bbytes?\b|\bkB\b/);
    await tile.getByRole("link", { name: title }).click();
    await d.page.waitForURL((url) => url.pathname === `/pages/${page.id}`);
  });

  test("a published page's file grid shows a small image at its own size, not scaled up", async () => {
    const { fixtures, api } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Icons"));
    const icon = await fixtures.uploadPng(
      { name: "favicon.png", library_id: library.id },
      { width: 16, height: 16 },
    );
    const banner = await fixtures.uploadPng(
      { name: "banner.png", library_id: library.id },
      { width: 600, height: 300 },
    );
    const page = await api("POST", "/v1/pages", {
      title: "Icon sheet",
      library_id: library.id,
      content: {
        version: 1,
        blocks: [{ id: "grid", type: "file_grid", file_ids: [icon.id, banner.id], columns: 3 }],
      },
    });
    const published = await api("POST", `/v1/pages/${page.id}/publish`);

    const v = await openDashboard({ login: false });
    await v.page.goto(published.published_url, { waitUntil: "load" });
    const shown = async (name: string) => {
      const img = v.page.getByRole("button", { name }).locator("img");
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
        .toBeGreaterThan(0);
      // The picture drawn inside the element's box (object-fit keeps the box, and scales what is drawn).
      return img.evaluate((i: HTMLImageElement) => {
        const box = i.getBoundingClientRect();
        const scale = Math.min(box.width / i.naturalWidth, box.height / i.naturalHeight);
        const fit = getComputedStyle(i).objectFit;
        return {
          cell: Math.round(box.width),
          drawn: Math.round(i.naturalWidth * (fit === "scale-down" ? Math.min(scale, 1) : scale)),
        };
      });
    };
    const small = await shown("favicon.png");
    expect(small.cell).toBeGreaterThan(100);
    expect(small.drawn).toBe(16);
    await v.screenshot("published-page-small-image");

    // On a phone the grid keeps at most two columns, so that names keep a few words.
    const columnsAt = async (width: number) => {
      const reader = await openDashboard({ login: false, viewport: { width, height: 844 } });
      await reader.page.goto(published.published_url, { waitUntil: "load" });
      const grid = reader.page.getByRole("list", { name: "Files" });
      await grid.waitFor();
      return grid.evaluate((g) => getComputedStyle(g).gridTemplateColumns.split(" ").length);
    };
    expect(await columnsAt(390)).toBe(2);
    expect(await columnsAt(1024)).toBe(3);
  });

  test("a published page's files open in a viewer that steps through their block and gives the focus back", async () => {
    const { fixtures, api } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Campaign"));
    const upload = (name: string, color: { r: number; g: number; b: number }) =>
      fixtures.uploadPng({ name, library_id: library.id }, { width: 800, height: 500, color });
    const red = await upload("red.png", { r: 200, g: 40, b: 40 });
    const green = await upload("green.png", { r: 40, g: 160, b: 60 });
    const blue = await upload("blue.png", { r: 40, g: 60, b: 200 });
    const withdrawn = await upload("withdrawn.png", { r: 90, g: 90, b: 90 });
    const board = await api("POST", "/v1/boards", { name: fixtures.unique("Campaign board") });
    await api("POST", `/v1/boards/${board.id}/files`, { file_ids: [blue.id, red.id] });
    const page = await api("POST", "/v1/pages", {
      title: "Campaign kit",
      library_id: library.id,
      content: {
        version: 1,
        blocks: [
          { id: "cover", type: "image", file_id: red.id, alt: "A red cover" },
          { id: "grid", type: "file_grid", file_ids: [red.id, withdrawn.id, green.id, blue.id] },
          { id: "board", type: "board_embed", board_id: board.id },
        ],
      },
    });
    const published = await api("POST", `/v1/pages/${page.id}/publish`);
    await api("DELETE", `/v1/files/${withdrawn.id}`);

    const v = await openDashboard({ login: false });
    await v.page.goto(published.published_url, { waitUntil: "load" });
    const grid = v.page.getByRole("list", { name: "Files" });
    await grid.getByText("Not available").waitFor();
    // What is not available cannot be opened: three tiles of four are buttons.
    expect(await grid.getByRole("button").count()).toBe(3);

    const redTile = grid.getByRole("button", { name: "red.png" });
    await redTile.click();
    const viewer = (name: string) => v.page.getByRole("dialog", { name });
    await viewer("red.png").getByText("Image", { exact: true }).waitFor();
    await viewer("red.png").getByText("1 of 3").waitFor();
    // The large preview through the visitors' proxy, not the thumbnail (400 px at most).
    const picture = viewer("red.png").getByRole("img", { name: "red.png" });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(800);
    const source = new URL((await picture.getAttribute("src"))!, v.url);
    expect(source.origin).toBe(new URL(v.url).origin);
    expect(source.pathname).toMatch(/^\/public-api\/.+\/preview$/);
    await v.expectAccessible("published page's viewer");
    await v.screenshot("viewer");

    await viewer("red.png").getByRole("button", { name: "Next" }).click();
    await viewer("green.png").getByText("2 of 3").waitFor();
    await v.page.keyboard.press("ArrowRight");
    await viewer("blue.png").getByText("3 of 3").waitFor();
    // Past the last file comes the first again.
    await v.page.keyboard.press("ArrowRight");
    await viewer("red.png").getByText("1 of 3").waitFor();
    await v.page.keyboard.press("ArrowLeft");
    await viewer("blue.png").getByText("3 of 3").waitFor();
    await viewer("blue.png").getByRole("button", { name: "Previous" }).click();
    await viewer("green.png").getByText("2 of 3").waitFor();
    await v.page.keyboard.press("Escape");
    await v.page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await redTile.evaluate((tile) => tile === document.activeElement)).toBe(true);

    // By keyboard: Tab to the next tile, Enter opens it, Escape brings the focus back to it.
    await v.page.keyboard.press("Tab");
    await v.page.keyboard.press("Enter");
    await viewer("green.png").getByText("2 of 3").waitFor();
    await v.page.keyboard.press("Escape");
    await v.page.getByRole("dialog").waitFor({ state: "detached" });
    const greenTile = grid.getByRole("button", { name: "green.png" });
    expect(await greenTile.evaluate((tile) => tile === document.activeElement)).toBe(true);

    // The image block opens its file alone.
    await v.page.getByRole("button", { name: "A red cover" }).click();
    await viewer("red.png").getByRole("img", { name: "red.png" }).waitFor();
    expect(await viewer("red.png").getByRole("button", { name: "Next" }).count()).toBe(0);
    await viewer("red.png").getByRole("button", { name: "Close" }).click();
    await v.page.getByRole("dialog").waitFor({ state: "detached" });

    // A board's gallery steps through the board's files, shown at their thumbnails.
    const embed = v.page.getByRole("region", { name: `Board ${board.name}` });
    await embed.getByRole("button", { name: "blue.png" }).click();
    await viewer("blue.png").getByText("1 of 2").waitFor();
    const thumbnail = viewer("blue.png").getByRole("img", { name: "blue.png" });
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(new URL((await thumbnail.getAttribute("src"))!, v.url).pathname).toMatch(/^\/public-api\//);
    await v.page.keyboard.press("ArrowRight");
    await viewer("red.png").getByText("2 of 2").waitFor();
    await v.page.keyboard.press("Escape");

    // On a phone, in the dark: the viewer fills the screen and its buttons are on it.
    const phone = await openDashboard({
      login: false,
      colorScheme: "dark",
      viewport: { width: 390, height: 844 },
    });
    await phone.page.goto(published.published_url, { waitUntil: "load" });
    await phone.page.getByRole("list", { name: "Files" }).getByRole("button", { name: "green.png" }).click();
    const small = phone.page.getByRole("dialog", { name: "green.png" });
    await small.getByText("2 of 3").waitFor();
    const box = await small.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    for (const name of ["Close", "Previous", "Next"]) {
      const button = await small.getByRole("button", { name }).boundingBox();
      expect(button!.y + button!.height, name).toBeLessThanOrEqual(844);
      expect(button!.x + button!.width, name).toBeLessThanOrEqual(390);
    }
    await phone.expectAccessible("viewer on a phone, dark");
    await phone.screenshot("viewer-phone-dark");
  });
});
