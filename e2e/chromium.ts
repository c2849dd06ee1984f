import { chromium } from "playwright-core";

/** Debian's Chromium (`apt-get install chromium`); Playwright's own download is not reachable here. */
const CHROMIUM_PATH = "/usr/bin/chromium";
/** As root without a GPU, and quiet: no sandbox, no background traffic, no first-run or sync work. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

/** Headless Chromium as the e2e tests and the web bench drive it. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
