import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  type Dashboard,
  expectToast,
  fileItem,
  openDashboard,
  overflowsHorizontally,
  serviceApi,
  shownFileNames,
} from "./harness.ts";

/** The board names of the Boards screen, in the order shown. */
function shownBoards(page: Page): Promise<string[]> {
  return page
    .getByRole("list", { name: "Boards" })
    .locator("[data-board-id]")
    .evaluateAll((rows) => rows.map((row) => row.querySelector("a")?.textContent ?? ""));
}

/** The boards named `name` (a test's unique name is on one board at most, unless something made it twice). */
async function boardsNamed(d: Dashboard, name: string): Promise<{ id: string; name: string }[]> {
  const boards = await d.api("GET", "/v1/boards?limit=100");
  return boards.data.filter((b: { name: string }) => b.name === name);
}

/** The ids of a board's files, sorted. */
async function boardFileIds(d: Dashboard, boardId: string): Promise<string[]> {
  const files = await d.api("GET", `/v1/boards/${boardId}/files?limit=100`);
  return files.data.map((f: { id: string }) => f.id).sort();
}

describe("boards", () => {
  let folder: { id: string; name: string };
  const names = ["b1.png", "b2.png", "b3.png"];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Board files"));
    folder = await fixtures.createFolder(library.id, "Campaign");
    for (const [i, name] of names.entries()) {
      const file = await fixtures.uploadPng(
        { name, folder_id: folder.id },
        { width: 160, height: 120, color: { r: 60 * i, g: 140, b: 90 } },
      );
      ids[name] = file.id;
    }
  });

  test("create a board, add files from a folder, open it, reorder and pin it first", async () => {
    const d = await openDashboard();
    const older = await d.api("POST", "/v1/boards", { name: d.fixtures.unique("Older board") });
    const boardName = d.fixtures.unique("Launch");

    await d.page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Boards", exact: true })
      .click();
    await d.page.getByRole("heading", { level: 1, name: "Boards" }).waitFor();
    await d.page.getByRole("button", { name: "New board" }).first().click();
    const create = d.page.getByRole("dialog", { name: "New board" });
    await create.getByLabel("Name").fill(boardName);
    await create.getByLabel("Emoji").fill("🚀");
    await create.getByRole("radio", { name: "Green" }).check();
    await d.expectAccessible("new board dialog");
    await create.getByRole("button", { name: "Create board" }).click();
    await expectToast(d.page, `Board “${boardName}” created`);
    await expect.poll(() => shownBoards(d.page)).toContain(boardName);
    const boards = await d.api("GET", "/v1/boards?limit=100");
    const board = boards.data.find((b: { name: string }) => b.name === boardName);
    expect(board).toMatchObject({ emoji: "🚀", color: "#059669", pinned: false, my_access: "manage" });

    // Two files first, then all three: one is added, two were already there.
    await d.goto(`/folders/${folder.id}?sort=name&order=asc`);
    await expect.poll(() => shownFileNames(d.page)).toEqual(names);
    const bar = d.page.getByRole("toolbar", { name: "Selection actions" });
    await fileItem(d.page, "b1.png").click();
    await fileItem(d.page, "b2.png").click({ modifiers: ["Shift"] });
    await bar.getByText("2 files selected").waitFor();
    await bar.getByRole("button", { name: "Add to board…" }).click();
    let dialog = d.page.getByRole("dialog", { name: "Add 2 files to a board" });
    await dialog.getByRole("radio", { name: boardName }).check();
    await d.screenshot("add-to-board-dialog");
    await d.expectAccessible("add to board dialog");
    await dialog.getByRole("button", { name: "Add to board" }).click();
    await expectToast(d.page, `Added 2 files to “${boardName}”`);
    await dialog.waitFor({ state: "detached" });

    await fileItem(d.page, "b3.png").click({ modifiers: ["Shift"] });
    await bar.getByText("3 files selected").waitFor();
    await bar.getByRole("button", { name: "Add to board…" }).click();
    dialog = d.page.getByRole("dialog", { name: "Add 3 files to a board" });
    await dialog.getByRole("radio", { name: boardName }).check();
    await dialog.getByRole("button", { name: "Add to board" }).click();
    await expectToast(d.page, `Added 1 file to “${boardName}”; 2 files were already there`);

    // The board shows them.
    await d.page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Boards", exact: true })
      .click();
    await d.page.getByRole("link", { name: boardName }).click();
    await d.page.waitForURL((url) => url.pathname === `/boards/${board.id}`);
    await d.page.getByRole("heading", { level: 1, name: boardName }).waitFor();
    await d.page.getByRole("combobox", { name: "Sort by" }).selectOption("name");
    await expect.poll(() => shownFileNames(d.page)).toEqual(names);
    await d.screenshot("board-grid");
    await d.expectAccessible("board page");

    // Reorder with the keyboard's way, then pin: the pinned board comes first.
    await d.page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Boards", exact: true })
      .click();
    await expect.poll(async () => (await shownBoards(d.page)).slice(-2)).toEqual([older.name, boardName]);
    await d.page.getByRole("button", { name: `Actions for ${boardName}` }).click();
    await d.page.getByRole("menuitem", { name: "Move up" }).click();
    await expectToast(d.page, `Moved “${boardName}” up`);
    await expect.poll(async () => (await shownBoards(d.page)).slice(-2)).toEqual([boardName, older.name]);
    await d.page.getByRole("button", { name: `Pin ${boardName}` }).click();
    await expectToast(d.page, `Pinned “${boardName}”`);
    await expect.poll(async () => (await shownBoards(d.page))[0]).toBe(boardName);
    expect((await d.api("GET", "/v1/boards?limit=100")).data[0].id).toBe(board.id);
    await d.screenshot("boards-pinned");
    await d.expectAccessible("boards screen");

    // The file page lists the board.
    await d.goto(`/files/${ids["b1.png"]}`);
    const section = d.page.getByRole("region", { name: "Boards" });
    await section.getByRole("link", { name: boardName }).waitFor();
    await d.screenshot("file-page-boards");
    await d.expectAccessible("file page with boards");
    // Adding it again, the board it is on says so and cannot be picked.
    await section.getByRole("button", { name: "Add to board" }).click();
    const again = d.page.getByRole("dialog", { name: /to a board$/ });
    await again.getByText("Already on it").waitFor();
    expect(await again.getByRole("radio", { name: boardName }).isDisabled()).toBe(true);
    expect(await again.getByRole("radio", { name: older.name }).isDisabled()).toBe(false);
    await again.getByRole("button", { name: "Cancel" }).click();
  });

  test("a board status property: created, set inline, and filtering the board through the URL", async () => {
    const d = await openDashboard();
    const board = await d.api("POST", "/v1/boards", { name: d.fixtures.unique("Review") });
    await d.api("POST", `/v1/boards/${board.id}/files`, { file_ids: Object.values(ids) });

    await d.goto(`/boards/${board.id}?view=list&sort=name&order=asc`);
    await expect.poll(() => shownFileNames(d.page)).toEqual(names);
    await d.page.getByRole("button", { name: "Board properties" }).click();
    const dialog = d.page.getByRole("dialog", { name: "Board properties" });
    await dialog.getByLabel("Property name").fill("Stage");
    await dialog.getByLabel("Property type").selectOption("status");
    await dialog.getByLabel("Options (comma-separated)").fill("To do, Approved");
    await dialog.getByRole("button", { name: "Add property" }).click();
    await dialog.getByLabel("Name of Stage").waitFor();
    await d.expectAccessible("board properties dialog");
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });

    const stage = d.page.getByRole("combobox", { name: "Stage of b2.png" });
    await stage.selectOption({ label: "Approved" });
    const property = (await d.api("GET", `/v1/boards/${board.id}/properties`)).data[0];
    const approved = property.options.find((o: { label: string }) => o.label === "Approved");
    await expect
      .poll(async () => {
        const files = await d.api("GET", `/v1/boards/${board.id}/files?limit=100`);
        const file = files.data.find((f: { id: string }) => f.id === ids["b2.png"]);
        return file.properties.find((v: { property_id: string }) => v.property_id === property.id)?.status;
      })
      .toEqual({ option_id: approved.id });
    await expect.poll(() => stage.inputValue()).toBe(approved.id);
    await d.screenshot("board-list-with-values");
    await d.expectAccessible("board list view with values");

    await d.page.getByRole("combobox", { name: "Filter by Stage" }).selectOption({ label: "Approved" });
    await expect.poll(() => shownFileNames(d.page)).toEqual(["b2.png"]);
    const filter = new URL(d.page.url()).searchParams.get("filter");
    expect(JSON.parse(filter!)).toEqual({ property_id: property.id, op: "eq", value: approved.id });

    // The link opens the same files.
    await d.page.reload({ waitUntil: "load" });
    await expect.poll(() => shownFileNames(d.page)).toEqual(["b2.png"]);
    await d.screenshot("board-filtered");

    // Bulk removal takes it off the board.
    await fileItem(d.page, "b2.png").click();
    await d.page
      .getByRole("toolbar", { name: "Selection actions" })
      .getByRole("button", { name: "Remove from board" })
      .click();
    await expectToast(d.page, "Removed 1 file from the board");
    await expect.poll(() => shownFileNames(d.page)).toEqual([]);
    const left = await d.api("GET", `/v1/boards/${board.id}/files?limit=100`);
    expect(left.data.map((f: { name: string }) => f.name).sort()).toEqual(["b1.png", "b3.png"]);
  });
  test("a board multi-tag value edited inline: added from the row's list, shown as chips, removed", async () => {
    const d = await openDashboard();
    const board = await d.api("POST", "/v1/boards", { name: d.fixtures.unique("Channels") });
    await d.api("POST", `/v1/boards/${board.id}/files`, { file_ids: [ids["b1.png"]] });
    const property = await d.api("POST", `/v1/boards/${board.id}/properties`, {
      name: "Channel",
      type: "multi_tag",
      options: [{ label: "Web" }, { label: "Print" }],
    });
    const chosenIds = async () => {
      const files = await d.api("GET", `/v1/boards/${board.id}/files?limit=100`);
      const file = files.data.find((f: { id: string }) => f.id === ids["b1.png"]);
      const value = file.properties.find((v: { property_id: string }) => v.property_id === property.id);
      return (value?.multi_tag ?? []).map((ref: { option_id: string }) => ref.option_id);
    };
    const [web, print] = property.options;
    await d.goto(`/boards/${board.id}?view=list`);
    await d.page.getByRole("combobox", { name: "Add Channel of b1.png" }).selectOption({ label: "Web" });
    await expect.poll(chosenIds).toEqual([web.id]);
    await d.page.getByRole("combobox", { name: "Add Channel of b1.png" }).selectOption({ label: "Print" });
    await expect.poll(chosenIds).toEqual([web.id, print.id]);
    const chips = d.page.getByRole("list", { name: "Channel of b1.png" });
    await expect.poll(() => chips.getByRole("listitem").allTextContents()).toEqual(["Web", "Print"]);
    await d.expectAccessible("board list view with tag chips");
    await d.page.getByRole("button", { name: "Remove Web from Channel of b1.png" }).click();
    await expect.poll(chosenIds).toEqual([print.id]);

    // The board properties dialog edits options as the Properties screen does: relabel, move, hide.
    await d.page.getByRole("button", { name: "Board properties" }).click();
    const dialog = d.page.getByRole("dialog", { name: "Board properties" });
    // Its first field is the saved name (renamed on blur): focused, not selected, so a keystroke adds to it.
    const focusedField = () =>
      d.page.evaluate(() => {
        const field = document.activeElement;
        if (!(field instanceof HTMLInputElement)) return null;
        const selected = field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0);
        return { name: field.getAttribute("aria-label"), selected };
      });
    await expect.poll(focusedField).toEqual({ name: "Name of Channel", selected: "" });
    const label = dialog.getByRole("textbox", { name: "Label of Web" });
    await label.fill("Website");
    await label.press("Enter");
    await dialog.getByRole("button", { name: "Move Print up" }).click();
    await dialog.getByRole("button", { name: "Hide Website" }).click();
    await expect
      .poll(async () => {
        const saved = (await d.api("GET", `/v1/boards/${board.id}/properties`)).data[0];
        return saved.options.map(
          (o: { label: string; hidden: boolean }) => `${o.label}${o.hidden ? " (hidden)" : ""}`,
        );
      })
      .toEqual(["Print", "Website (hidden)"]);
    await d.expectAccessible("board properties dialog with the options editor");
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });
    // A hidden option is offered for no new value.
    await expect.poll(() => d.page.getByRole("combobox", { name: "Add Channel of b1.png" }).count()).toBe(0);
  });

  test("Add to board makes a new board on the spot: its name checked first, then the file on it", async () => {
    const d = await openDashboard();
    const boardName = d.fixtures.unique("Fresh");
    await d.goto(`/files/${ids["b2.png"]}`);
    const section = d.page.getByRole("region", { name: "Boards" });
    await section.getByRole("button", { name: "Add to board" }).click();
    const dialog = d.page.getByRole("dialog", { name: /to a board$/ });
    await dialog.getByRole("radio", { name: "New board" }).check();
    const name = dialog.getByRole("textbox", { name: "Name" });
    await expect.poll(() => name.evaluate((field) => field === document.activeElement)).toBe(true);

    // Empty, then too long: the dialog says why, and nothing is created.
    const add = dialog.getByRole("button", { name: "Add to board" });
    await add.click();
    await dialog.getByRole("alert").filter({ hasText: "The name must not be empty." }).waitFor();
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    const long = "x".repeat(101);
    await name.fill(long);
    await add.click();
    await dialog.getByRole("alert").filter({ hasText: "The name must be at most 100 characters." }).waitFor();
    await d.screenshot("add-to-new-board-too-long");
    await d.expectAccessible("add to board dialog, new board with a problem");
    expect(await boardsNamed(d, long)).toEqual([]);

    await name.fill(boardName);
    await add.click();
    await expectToast(d.page, `Added 1 file to “${boardName}”`);
    await dialog.waitFor({ state: "detached" });
    await section.getByRole("link", { name: boardName }).waitFor();
    const made = await boardsNamed(d, boardName);
    expect(made).toHaveLength(1);
    expect(await boardFileIds(d, made[0]!.id)).toEqual([ids["b2.png"]]);
  });

  test("a new board from the selection whose files fail to go on it: the retry adds them, no second board", async () => {
    const d = await openDashboard();
    const boardName = d.fixtures.unique("Retry");
    await d.goto(`/folders/${folder.id}?sort=name&order=asc`);
    await expect.poll(() => shownFileNames(d.page)).toEqual(names);
    await fileItem(d.page, "b1.png").click();
    await fileItem(d.page, "b3.png").click({ modifiers: ["ControlOrMeta"] });
    const bar = d.page.getByRole("toolbar", { name: "Selection actions" });
    await bar.getByText("2 files selected").waitFor();

    // The first adding fails as an overloaded service would: the board exists, its files do not.
    let failed = 0;
    await d.page.route(/\/api\/v1\/boards\/[^/]+\/files$/, async (route) => {
      if (route.request().method() !== "POST" || failed > 0) return route.fallback();
      failed++;
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ object: "error", code: "unavailable", message: "The service is busy." }),
      });
    });
    await bar.getByRole("button", { name: "Add to board…" }).click();
    const dialog = d.page.getByRole("dialog", { name: "Add 2 files to a board" });
    // By keyboard: the arrow keys reach "New board" without the name field taking the focus; Tab goes to it.
    const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
    await dialog.getByRole("radio").nth(-2).focus();
    await d.page.keyboard.press("ArrowDown");
    const newBoard = dialog.getByRole("radio", { name: "New board" });
    await expect.poll(() => newBoard.isChecked()).toBe(true);
    expect(await isFocused(newBoard)).toBe(true);
    await d.page.keyboard.press("Tab");
    const name = dialog.getByRole("textbox", { name: "Name" });
    expect(await isFocused(name)).toBe(true);
    await d.page.keyboard.type(boardName);
    await dialog.getByRole("button", { name: "Add to board" }).click();
    await dialog
      .getByRole("alert")
      .filter({
        hasText: `Board “${boardName}” was created, but the files were not added: The service is busy.`,
      })
      .waitFor();
    // The board made is now the one chosen.
    expect(await dialog.getByRole("radio", { name: boardName }).isChecked()).toBe(true);
    await d.screenshot("add-to-new-board-failed");

    await dialog.getByRole("button", { name: "Add to board" }).click();
    await expectToast(d.page, `Added 2 files to “${boardName}”`);
    const made = await boardsNamed(d, boardName);
    expect(made).toHaveLength(1);
    expect(await boardFileIds(d, made[0]!.id)).toEqual([ids["b1.png"], ids["b3.png"]].sort());
  });

  test("the Boards screen shows each board's first files and how many it holds", async () => {
    const d = await openDashboard();
    const full = await d.api("POST", "/v1/boards", { name: d.fixtures.unique("Cover") });
    await d.api("POST", `/v1/boards/${full.id}/files`, { file_ids: Object.values(ids) });
    const empty = await d.api("POST", "/v1/boards", { name: d.fixtures.unique("Bare") });
    const row = (d: Dashboard, id: string) => d.page.locator(`[data-board-id="${id}"]`);

    await d.goto("/boards");
    await row(d, full.id).scrollIntoViewIfNeeded();
    await row(d, full.id).getByText("3 files", { exact: true }).filter({ visible: true }).waitFor();
    // Three thumbnails, loaded through the dashboard's /api proxy.
    const pictures = row(d, full.id).locator("img");
    await expect
      .poll(() =>
        pictures.evaluateAll((images) =>
          (images as HTMLImageElement[]).map(
            (image) =>
              image.complete && image.naturalWidth > 0 && new URL(image.src).pathname.startsWith("/api/"),
          ),
        ),
      )
      .toEqual([true, true, true]);
    await row(d, empty.id).scrollIntoViewIfNeeded();
    await row(d, empty.id).getByText("No files yet").filter({ visible: true }).waitFor();
    expect(await row(d, empty.id).locator("img").count()).toBe(0);
    await d.screenshot("boards-covers");
    await d.expectAccessible("boards screen with covers");

    // One file fewer: the count says so.
    await d.api("DELETE", `/v1/boards/${full.id}/files`, { file_ids: [ids["b1.png"]] });
    await d.page.reload({ waitUntil: "load" });
    await row(d, full.id).scrollIntoViewIfNeeded();
    await row(d, full.id).getByText("2 files", { exact: true }).filter({ visible: true }).waitFor();

    // A phone in the dark: the first thumbnail only, nothing wider than the screen, and a long name on two lines.
    const long = await d.api("POST", "/v1/boards", {
      name: d.fixtures.unique("Spring campaign for retail partners"),
    });
    const phone = await openDashboard({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await phone.goto("/boards");
    await row(phone, full.id).scrollIntoViewIfNeeded();
    await row(phone, full.id).getByText("2 files ·").filter({ visible: true }).waitFor();
    await expect.poll(() => row(phone, full.id).locator("img:visible").count()).toBe(1);
    expect(await overflowsHorizontally(phone.page)).toBe(false);
    const longName = row(phone, long.id).getByRole("link", { name: long.name });
    const lineHeight = await longName.evaluate((link) =>
      Number.parseFloat(getComputedStyle(link).lineHeight),
    );
    expect((await longName.boundingBox())!.height).toBeGreaterThanOrEqual(2 * lineHeight - 1);
    await phone.screenshot("boards-covers-phone-dark");
  });
});
