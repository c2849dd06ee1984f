import { describe, expect, test } from "vitest";
import { expectToast, openDashboard, serviceApi } from "./harness.ts";

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
      const img = v.page.getByRole("img", { name });
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
});
