import { afterAll } from "vitest";
import { closeBrowser } from "./harness.ts";

// Each e2e file launches at most one Chromium (on its first openDashboard) and closes it when the file ends.
afterAll(async () => {
  await closeBrowser();
});
