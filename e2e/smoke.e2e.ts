import { expect, test } from "vitest";
import { openDashboard } from "./harness.ts";

test("the harness logs in and lands on the libraries page", async () => {
  const d = await openDashboard();
  expect(new URL(d.page.url()).pathname).toBe("/");
  await d.page.getByRole("heading", { level: 1 }).first().waitFor();
  await d.screenshot("libraries");
  await d.expectAccessible("libraries");
  const libs = await d.api("GET", "/v1/libraries");
  expect(libs.data.length).toBeGreaterThan(0);
  expect(await d.findInTraces(d.service.ownerKey)).toEqual([]);
});
