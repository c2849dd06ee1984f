import type { Locator } from "playwright-core";
import sharp from "sharp";
import { expect, test } from "vitest";
import { openDashboard } from "./harness.ts";

/** The mean brightness (0–255) of an element as drawn: a meter's track, nearly all of it at low use. */
async function brightness(element: Locator): Promise<number> {
  const stats = await sharp(await element.screenshot())
    .greyscale()
    .stats();
  return stats.channels[0]!.mean;
}

test("usage shows the service's counters, and a refresh shows a new upload", async () => {
  const d = await openDashboard();
  await d.page.getByRole("link", { name: "Usage", exact: true }).click();
  await d.page.waitForURL((url) => url.pathname === "/usage");
  await d.page.getByRole("heading", { level: 1, name: "Usage" }).waitFor();
  const meters = d.page.getByRole("list", { name: "Rate-limit counters" });
  for (const title of ["API requests", "Monthly requests", "Searches", "Uploads and imports", "Downloads"]) {
    await meters.getByRole("heading", { name: title }).waitFor();
  }
  await d.screenshot("usage-light");
  await d.expectAccessible("usage, light");

  const uploads = meters.getByRole("meter", { name: /^Uploads and imports/ });
  const before = (await d.api("GET", "/v1/usage")).uploads;
  const library = await d.fixtures.createLibrary();
  await d.fixtures.uploadBytes({ name: "counted.txt", library_id: library.id }, Buffer.from("counted\n"));
  const after = (await d.api("GET", "/v1/usage")).uploads;
  expect(after.used).toBe(before.used + 1);
  await d.page.getByRole("button", { name: "Refresh usage" }).click();
  await expect
    .poll(() => uploads.getAttribute("aria-valuetext"))
    .toMatch(
      new RegExp(
        `^${new Intl.NumberFormat("en-US").format(after.used)} of ${new Intl.NumberFormat("en-US").format(after.limit)} used`,
      ),
    );

  const downloads = meters.getByRole("meter", { name: /^Downloads/ });
  expect(await brightness(downloads)).toBeGreaterThan(180);
  await d.setTheme("dark");
  await meters.getByRole("heading", { name: "Downloads" }).waitFor();
  // The track follows the theme (Chromium's own light track once showed through in the dark).
  expect(await brightness(downloads)).toBeLessThan(80);
  await d.screenshot("usage-dark");
  await d.expectAccessible("usage, dark");
});

test("the usage chart moves after a burst of requests, by minute and by day", async () => {
  const d = await openDashboard();
  await d.goto("/usage");
  await d.page.getByRole("heading", { level: 2, name: "Over time" }).waitFor();
  const searches = d.page.locator('figure[data-counter="search"]');
  const total = async () => Number(await searches.locator("[data-total]").getAttribute("data-total"));
  await searches.getByRole("img").waitFor();
  const before = await total();

  for (let i = 0; i < 7; i++) await d.api("GET", `/v1/files?q=${encodeURIComponent(`burst ${i}`)}`);
  await d.page.getByRole("button", { name: "Refresh usage" }).click();
  // The last hour by minute: the seven searches are in it (the page itself searches nothing).
  await expect.poll(total).toBe(before + 7);
  await expect
    .poll(() => searches.getByRole("img").getAttribute("aria-label"))
    .toMatch(/^Searches per minute, last hour: [\d,]+ in all/);
  await d.screenshot("usage-history-hour");
  await d.expectAccessible("usage with the hourly chart");

  await d.page.getByRole("button", { name: "Last 30 days" }).click();
  await d.page.waitForURL((url) => url.searchParams.get("period") === "day");
  await expect
    .poll(() => searches.getByRole("img").getAttribute("aria-label"))
    .toMatch(/^Searches per day, last 30 days: /);
  expect(await total()).toBeGreaterThanOrEqual(before + 7);
  expect(await d.page.getByRole("button", { name: "Last 30 days" }).getAttribute("aria-pressed")).toBe(
    "true",
  );
  await d.screenshot("usage-history-month");
  await d.expectAccessible("usage with the daily chart");
});

test("settings show the brandspace, the dashboard's key (never in full), members and roles", async () => {
  const d = await openDashboard();
  await d.page.getByRole("link", { name: "Settings", exact: true }).click();
  await d.page.waitForURL((url) => url.pathname === "/settings");
  await d.page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
  for (const section of ["Brandspace", "Dashboard API key", "Members", "Roles"]) {
    await d.page.getByRole("heading", { level: 2, name: section }).waitFor();
  }
  const members = d.page.getByRole("table", { name: "Members" });
  for (const user of Object.values(d.env.seed.users)) await members.getByText(user.email).waitFor();
  const text = (await d.page.locator("#main").textContent()) ?? "";
  const secret = d.service.ownerKey.slice(d.service.ownerKey.lastIndexOf("_") + 1);
  expect(text).not.toContain(d.service.ownerKey);
  expect(text).not.toContain(secret);
  await d.screenshot("settings-light");
  await d.expectAccessible("settings, light");
  await d.setTheme("dark");
  await d.page.getByRole("heading", { level: 2, name: "Roles" }).waitFor();
  await d.screenshot("settings-dark");
  await d.expectAccessible("settings, dark");
  // On a phone the members table scrolls sideways: it becomes a tab stop, so the keyboard can scroll it.
  await d.page.setViewportSize({ width: 390, height: 844 });
  const scroller = d.page.getByRole("region", { name: "Members table" });
  await scroller.focus();
  await scroller.press("ArrowRight");
  await expect.poll(() => scroller.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await d.expectAccessible("settings on a phone");
});
