import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext } from "playwright-core";
import { launchChromium } from "../e2e/chromium.ts";
import { loadBffConfig } from "../src/bff/config.ts";
import { setDashboardPassword } from "../src/bff/password-file.ts";
import { startBff } from "../src/bff/server.ts";
import { buildDashboardIfStale } from "../src/dashboard-build.ts";
import { seedSyntheticFiles } from "../src/service/seed/synthetic-seed.ts";
import { startTestService } from "../src/service/testing/test-service.ts";
import { benchDatabaseHeading } from "./aims.ts";
import { median } from "./stats.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const UNLIMITED = "sustained=100000000/1m,month=1000000000/1mo";
const PASSWORD = "bench-dashboard-password";
/** The aim for the JavaScript a route needs before it shows anything, gzipped. */
const JS_AIM_BYTES = 200 * 1024;
const THUMBNAIL_TIMEOUT_MS = 60_000;

interface Asset {
  url: string;
  type: "js" | "css";
  bytes: number;
  gzipBytes: number;
  /** What the BFF actually sent: its precompressed brotli copy, since Chromium accepts brotli. */
  wireBytes: number;
  beforeLoad: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 1 })} KB`;
const ms = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 0 });

async function logIn(context: BrowserContext, dashboardUrl: string) {
  const response = await context.request.post(`${dashboardUrl}/api/session`, {
    data: { password: PASSWORD },
    headers: { origin: dashboardUrl },
  });
  if (response.status() !== 201) throw new Error(`login answered ${response.status()}`);
}

/**
 * The JS and CSS a fresh browser downloads for one route: those that arrived before the load event, and all of
 * them once the route has settled (the router loads a route's own chunk after the entry). Gzip is measured
 * here (level 6, what servers commonly use), since the BFF serves the files uncompressed.
 */
async function routeAssets(browser: Browser, dashboardUrl: string, route: string, loggedIn: boolean) {
  const context = await browser.newContext();
  try {
    if (loggedIn) await logIn(context, dashboardUrl);
    const page = await context.newPage();
    let loaded = false;
    page.on("load", () => {
      loaded = true;
    });
    const reading: Promise<Asset | null>[] = [];
    page.on("response", (response) => {
      const pathname = new URL(response.url()).pathname;
      const type: Asset["type"] | null = pathname.endsWith(".js")
        ? "js"
        : pathname.endsWith(".css")
          ? "css"
          : null;
      if (!type) return;
      const beforeLoad = !loaded;
      reading.push(
        Promise.all([response.body(), response.request().sizes()])
          .then(([body, sizes]) => ({
            url: pathname,
            type,
            bytes: body.length,
            gzipBytes: gzipSync(body, { level: 6 }).length,
            wireBytes: sizes.responseBodySize,
            beforeLoad,
          }))
          .catch(() => null),
      );
    });
    await page.goto(`${dashboardUrl}${route}`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    const assets = (await Promise.all(reading)).filter((a): a is Asset => a !== null);
    const finalPath = new URL(page.url()).pathname;
    return { route, finalPath, assets };
  } finally {
    await context.close();
  }
}

const THUMBNAIL_PROBE = () => {
  const w = window as unknown as { __firstThumbnailMs: number | null };
  w.__firstThumbnailMs = null;
  document.addEventListener(
    "load",
    (event) => {
      const image = event.target;
      if (w.__firstThumbnailMs !== null || !(image instanceof HTMLImageElement)) return;
      const isThumbnail = new URL(image.currentSrc || image.src, location.href).pathname.startsWith(
        "/api/v1/",
      );
      if (isThumbnail && image.complete && image.naturalWidth > 0) w.__firstThumbnailMs = performance.now();
    },
    true,
  );
};

/** From navigation start to the first thumbnail `<img>` loaded with pixels, in a logged-in context. */
async function timeToFirstThumbnail(context: BrowserContext, url: string) {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(
      () => (window as unknown as { __firstThumbnailMs: number | null }).__firstThumbnailMs !== null,
      null,
      {
        timeout: THUMBNAIL_TIMEOUT_MS,
        polling: 50,
      },
    );
    return page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      return {
        thumbnailMs: (window as unknown as { __firstThumbnailMs: number }).__firstThumbnailMs,
        fcpMs: paint?.startTime ?? Number.NaN,
        domContentLoadedMs: nav?.domContentLoadedEventEnd ?? Number.NaN,
      };
    });
  } finally {
    await page.close();
  }
}

function assetRow(label: string, assets: Asset[]) {
  const js = assets.filter((a) => a.type === "js");
  const css = assets.filter((a) => a.type === "css");
  const sum = (list: Asset[], key: "bytes" | "gzipBytes" | "wireBytes") =>
    list.reduce((n, a) => n + a[key], 0);
  const jsGzip = sum(js, "gzipBytes");
  return {
    line: `| ${label} | ${js.length} | ${kb(sum(js, "bytes"))} | ${kb(jsGzip)} | ${kb(sum(js, "wireBytes"))} | ${css.length} | ${kb(sum(css, "bytes"))} | ${kb(sum(css, "gzipBytes"))} | ${jsGzip <= JS_AIM_BYTES ? "yes" : `no (+${kb(jsGzip - JS_AIM_BYTES)})`} |`,
    jsGzip,
  };
}

async function main() {
  const fileCount = Number(process.env.BENCH_WEB_FILES ?? 10_000);
  const runs = Number(process.env.BENCH_WEB_RUNS ?? 5);
  const staticDir = path.join(ROOT, "dist", "web");
  const buildStarted = Date.now();
  const built = await buildDashboardIfStale(ROOT, staticDir);
  const buildSeconds = (Date.now() - buildStarted) / 1000;

  const service = await startTestService({ env: { RATE_LIMITS: UNLIMITED } });
  const bffDataDir = await mkdtemp(path.join(os.tmpdir(), "bs-bench-web-"));
  let bff: Awaited<ReturnType<typeof startBff>> | null = null;
  let browser: Browser | null = null;
  try {
    const seedStarted = Date.now();
    const seeded = await seedSyntheticFiles(service.deps.db, service.deps.blobs, {
      brandspaceId: service.seed.brandspaceId,
      files: fileCount,
      flat: true,
    });
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const folderId = seeded.folderIds[0]!;

    // The seeded files must have real thumbnails, or the measurement below would wait for nothing.
    const headers = { authorization: `Bearer ${service.seed.ownerKey}` };
    const listing = await fetch(`${service.regionalUrl}/v1/files?folder_id=${folderId}&limit=50`, {
      headers,
    });
    const page = (await listing.json()) as { data: Array<{ thumbnail_url: string | null }> };
    const thumbnailUrl = page.data.find((f) => f.thumbnail_url)?.thumbnail_url;
    if (!thumbnailUrl) throw new Error("the seeded folder's first page has no thumbnail_url");
    const thumbnail = await fetch(new URL(thumbnailUrl, service.regionalUrl), { headers });
    const thumbnailBytes = Buffer.from(await thumbnail.arrayBuffer());
    if (thumbnail.status !== 200 || !thumbnail.headers.get("content-type")?.startsWith("image/")) {
      throw new Error(
        `a seeded thumbnail answered ${thumbnail.status} ${thumbnail.headers.get("content-type")}`,
      );
    }

    await setDashboardPassword(bffDataDir, PASSWORD);
    bff = await startBff(
      loadBffConfig({
        HOST: "127.0.0.1",
        DASHBOARD_PORT: "0",
        CENTRAL_URL: service.centralUrl,
        DASHBOARD_API_KEY: service.seed.ownerKey,
        BRANDSPACE_DATA_DIR: bffDataDir,
        DASHBOARD_STATIC_DIR: staticDir,
        LOG_LEVEL: "silent",
      }),
    );
    browser = await launchChromium();

    // (a) What the login route and a folder page download.
    const folderRoute = `/folders/${folderId}`;
    const login = await routeAssets(browser, bff.url, "/login", false);
    const browse = await routeAssets(browser, bff.url, folderRoute, true);
    if (browse.finalPath !== folderRoute) throw new Error(`the folder page ended at ${browse.finalPath}`);

    const database = benchDatabaseHeading();
    console.log(
      `\n## web: the built SPA in headless Chromium through the BFF, ${database}; Node ${process.version}, ` +
        `${os.cpus().length} CPUs, Chromium ${browser.version()}\n`,
    );
    console.log(
      `Build ${built ? `made (${buildSeconds.toFixed(1)} s)` : "up to date"}; folder of ${fileCount.toLocaleString("en")} ` +
        `files seeded in ${seedSeconds.toFixed(1)} s (thumbnails ${thumbnailBytes.length} B WebP); gzip level 6 ` +
        `measured here. Aim: initial JS under ${kb(JS_AIM_BYTES)} gzipped.\n`,
    );
    console.log(
      "| Route | JS files | JS | JS gzip | JS sent (brotli) | CSS files | CSS | CSS gzip | JS gzip within aim |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    const rows = [
      assetRow(
        "/login, up to load",
        login.assets.filter((a) => a.beforeLoad),
      ),
      assetRow("/login, settled", login.assets),
      assetRow(
        "/folders/{id}, up to load",
        browse.assets.filter((a) => a.beforeLoad),
      ),
      assetRow("/folders/{id}, settled", browse.assets),
    ];
    for (const row of rows) console.log(row.line);

    console.log(
      `\nLargest scripts of /folders/{id}: ${browse.assets
        .filter((a) => a.type === "js")
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .slice(0, Number(process.env.BENCH_WEB_TOP ?? 5))
        .map((a) => `${path.basename(a.url)} ${kb(a.gzipBytes)}`)
        .join(", ")}`,
    );

    // (b) Time to the first thumbnail on the folder page, logged in: cold (new context, empty HTTP cache) and
    // warm (same context, the app's hashed assets cached, as on a second visit).
    const cold: Awaited<ReturnType<typeof timeToFirstThumbnail>>[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(THUMBNAIL_PROBE);
      await logIn(context, bff.url);
      cold.push(await timeToFirstThumbnail(context, `${bff.url}${folderRoute}`));
      await context.close();
    }
    const warmContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await warmContext.addInitScript(THUMBNAIL_PROBE);
    await logIn(warmContext, bff.url);
    await timeToFirstThumbnail(warmContext, `${bff.url}${folderRoute}`);
    const warm: typeof cold = [];
    for (let i = 0; i < runs; i++)
      warm.push(await timeToFirstThumbnail(warmContext, `${bff.url}${folderRoute}`));
    await warmContext.close();

    console.log(
      `\nTime to first thumbnail on /folders/{id} (${fileCount.toLocaleString("en")} files), ${runs} runs:\n`,
    );
    console.log(
      "| Cache | First thumbnail median ms | min | max | FCP median ms | DOMContentLoaded median ms |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (const [label, results] of [
      ["cold (new context)", cold],
      ["warm (same context)", warm],
    ] as const) {
      const thumbs = results.map((r) => r.thumbnailMs);
      console.log(
        `| ${label} | ${ms(median(thumbs))} | ${ms(Math.min(...thumbs))} | ${ms(Math.max(...thumbs))} | ${ms(median(results.map((r) => r.fcpMs)))} | ${ms(median(results.map((r) => r.domContentLoadedMs)))} |`,
      );
    }
  } finally {
    await browser?.close();
    await bff?.stop();
    await service.close();
    await rm(bffDataDir, { recursive: true, force: true });
  }
}

await main().catch((error: Error) => {
  console.error(`FAILED: ${error.message}`);
  process.exitCode = 1;
});
