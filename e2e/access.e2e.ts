import { describe, expect, test } from "vitest";
import { expectToast, openDashboard } from "./harness.ts";

describe("access", () => {
  test("give a member access to a library, change its level and take it away", async () => {
    const d = await openDashboard();
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Agency"));
    const members = await d.api("GET", "/v1/members");
    const vera = members.data.find((m: { email: string }) => m.email === "viewer@example.com");
    const grantsOf = async () =>
      (await d.api("GET", `/v1/libraries/${library.id}/grants`)).data.map(
        (g: { user: { email: string }; access: string }) => `${g.user.email} ${g.access}`,
      );

    await d.goto(`/libraries/${library.id}`);
    await d.page.getByRole("button", { name: "Library actions" }).click();
    await d.page.getByRole("menuitem", { name: "Manage access…" }).click();
    const dialog = d.page.getByRole("dialog", { name: `Access to “${library.name}”` });
    const people = dialog.getByRole("list", { name: "People with access" });
    // The creator (the dashboard's owner) has manage access, and sees every library as Owner anyway.
    await people.getByText("Olivia Owner").waitFor();
    await people.getByText("sees every library as Owner").waitFor();

    await dialog.getByLabel("Add a member").selectOption(vera.id);
    await dialog.getByLabel("Access to give").selectOption("comment");
    await dialog.getByRole("button", { name: "Give access" }).click();
    await expectToast(d.page, "Vera Viewer can comment");
    await expect.poll(grantsOf).toEqual(["owner@example.com manage", "viewer@example.com comment"]);
    await d.expectAccessible("access dialog");
    await d.screenshot("access-dialog");

    await dialog.getByLabel("Access of Vera Viewer").selectOption("edit");
    await expectToast(d.page, "Vera Viewer can edit");
    await expect.poll(grantsOf).toEqual(["owner@example.com manage", "viewer@example.com edit"]);

    await dialog.getByRole("button", { name: "Remove Vera Viewer" }).click();
    await expectToast(d.page, "Vera Viewer no longer has access");
    await expect.poll(grantsOf).toEqual(["owner@example.com manage"]);
    // She can be given access again from the list of members.
    expect(
      await dialog.getByLabel("Add a member").locator("option", { hasText: "Vera Viewer" }).count(),
    ).toBe(1);
  });

  test("a board's Access button opens the same dialog for the board", async () => {
    const d = await openDashboard();
    const board = await d.api("POST", "/v1/boards", { name: d.fixtures.unique("Launch board") });
    await d.goto(`/boards/${board.id}`);
    await d.page.getByRole("button", { name: "Access" }).click();
    const dialog = d.page.getByRole("dialog", { name: `Access to “${board.name}”` });
    const members = await d.api("GET", "/v1/members");
    const eddie = members.data.find((m: { email: string }) => m.email === "editor@example.com");
    await dialog.getByLabel("Add a member").selectOption(eddie.id);
    await dialog.getByRole("button", { name: "Give access" }).click();
    await expectToast(d.page, "Eddie Editor can view");
    const grants = (await d.api("GET", `/v1/boards/${board.id}/grants`)).data;
    expect(
      grants.map((g: { user: { email: string }; access: string }) => `${g.user.email} ${g.access}`),
    ).toEqual(["owner@example.com manage", "editor@example.com view"]);
  });
});
