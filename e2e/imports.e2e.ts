import { describe, expect, test } from "vitest";
import { e2eEnvironment, fileItem, openDashboard, serviceApi } from "./harness.ts";

describe("import from URL", () => {
  test("import a picture from a web address into a folder, and see why a failing one failed", async () => {
    const { fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Imports"));
    const folder = await fixtures.createFolder(library.id, "From the web");
    const server = e2eEnvironment().importServerUrl;

    const d = await openDashboard();
    await d.goto(`/folders/${folder.id}`);
    await d.page.getByRole("heading", { level: 1, name: "From the web" }).waitFor();
    await d.page.getByRole("button", { name: "Folder actions" }).click();
    await d.page.getByRole("menuitem", { name: "Import from URL…" }).click();
    const dialog = d.page.getByRole("dialog", { name: /Import from URL/ });
    await dialog.getByLabel("Web address").fill(`${server}/hero.png`);
    await d.expectAccessible("import dialog");
    await dialog.getByRole("button", { name: "Import" }).click();

    const panel = d.page.getByRole("region", { name: "Uploads" });
    const row = panel.getByRole("listitem").filter({ hasText: "hero.png" });
    await row.getByText(/^Imported/).waitFor({ timeout: 20_000 });
    await fileItem(d.page, "hero.png").waitFor();
    const [file] = (await d.api("GET", `/v1/files?folder_id=${folder.id}`)).data;
    expect(file).toMatchObject({ name: "hero.png", kind: "image", external_url: `${server}/hero.png` });

    await d.page.getByRole("button", { name: "Folder actions" }).click();
    await d.page.getByRole("menuitem", { name: "Import from URL…" }).click();
    await dialog.getByLabel("Web address").fill(`${server}/gone`);
    await dialog.getByRole("button", { name: "Import" }).click();
    const failed = panel.getByRole("listitem").filter({ hasText: "gone" });
    await failed.getByText("The server refused to send the file.").waitFor({ timeout: 20_000 });
    await d.expectAccessible("upload panel with imports");
    await d.screenshot("imports-in-panel");
  });
});
