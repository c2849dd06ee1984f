import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import axe from "axe-core";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { expect, inject, onTestFinished } from "vitest";
import yauzl from "yauzl";
import { isCentralPath } from "../src/bff/upstream-hosts.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../src/service/testing/content-fixtures.ts";
import { type ApiResponse, apiClient } from "../src/service/testing/http-client.ts";
import { launchChromium } from "./chromium.ts";
import type { E2eEnvironment } from "./environment.ts";

export type { E2eEnvironment } from "./environment.ts";

/** The service, BFF and seed that e2e/global-setup.ts started for this run. */
export function e2eEnvironment(): E2eEnvironment {
  return inject("e2e");
}

// One browser per test file (each file runs in its own worker); e2e/setup.ts closes it after the file.
let browserLaunch: Promise<Browser> | null = null;

export function launchBrowser(): Promise<Browser> {
  browserLaunch ??= launchChromium();
  return browserLaunch;
}

export async function closeBrowser(): Promise<void> {
  const launching = browserLaunch;
  browserLaunch = null;
  if (launching) await (await launching.catch(() => null))?.close();
}

/** `artifactsDir/<test file without .e2e.ts>` */
function artifactsDirOfCurrentFile(environment: E2eEnvironment): string {
  const testPath = expect.getState().testPath ?? "unknown";
  return path.join(environment.artifactsDir, path.basename(testPath).replace(/\.e2e\.ts$/, ""));
}

const fileSafe = (name: string) => name.replace(/[^\w.-]+/g, "-").replace(/^-|-$/g, "");

// ---------------------------------------------------------------------------------------------------------------
// Calls to the service with the owner key (fixtures and checks; the browser never does this)

export class ServiceCallError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly response: ApiResponse,
  ) {
    super(`${method} ${path} answered ${response.status}: ${response.text.slice(0, 500)}`);
  }
}

export function serviceApi(environment: E2eEnvironment = e2eEnvironment()) {
  const central = apiClient(environment.centralUrl, environment.ownerKey);
  const regional = apiClient(environment.regionalUrl, environment.ownerKey);
  const clientFor = (p: string) => (isCentralPath(new URL(p, "http://x").pathname) ? central : regional);

  /** The raw answer, whatever its status. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies loosely and assert on them
  async function apiResponse<T = any>(method: string, p: string, body?: unknown): Promise<ApiResponse<T>> {
    return clientFor(p)<T>(method, p, body === undefined ? {} : { body });
  }

  /** The parsed JSON answer (null for 204); any status outside 2xx throws with the service's message. */
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async function api<T = any>(method: string, p: string, body?: unknown): Promise<T> {
    const response = await apiResponse<T>(method, p, body);
    if (response.status < 200 || response.status > 299) throw new ServiceCallError(method, p, response);
    return response.body;
  }

  let counter = 0;
  // Digits only: a base-36 suffix spelled words ("mx0box37"), and a tree's "Expand <name>" button then matched a
  // test's search for another button by its name ("Box").
  const unique = (prefix: string) => `${prefix} ${Date.now()}${counter++}`;

  const fixtures = {
    /** A new library; the name is made unique unless given. */
    createLibrary(name = unique("E2E library"), description?: string) {
      return api("POST", "/v1/libraries", { name, ...(description ? { description } : {}) });
    },
    /** A folder at the library's top level, or under `parentId`. */
    createFolder(libraryId: string, name = unique("Folder"), parentId?: string) {
      return api("POST", "/v1/folders", {
        name,
        library_id: libraryId,
        ...(parentId ? { parent_id: parentId } : {}),
      });
    },
    /** A real PNG uploaded through the service's upload flow; waits until processed (thumbnail made) by default. */
    async uploadPng(
      target: { name: string; library_id?: string; folder_id?: string; file_id?: string },
      options: {
        width?: number;
        height?: number;
        color?: { r: number; g: number; b: number };
        wait?: boolean;
      } = {},
    ) {
      const bytes = await solidPng(options.width ?? 640, options.height ?? 480, options.color);
      const call = apiClient(environment.regionalUrl, environment.ownerKey);
      const file = await uploadBytes(call, bytes, target);
      return options.wait === false ? file : waitUntilProcessed(call, file.id);
    },
    /** Any bytes (a text file, a fake PDF…) uploaded the same way; no processing wait. */
    uploadBytes(
      target: { name: string; library_id?: string; folder_id?: string; file_id?: string },
      bytes: Buffer,
    ) {
      return uploadBytes(apiClient(environment.regionalUrl, environment.ownerKey), bytes, target);
    },
    waitUntilProcessed(fileId: string, timeoutMs?: number) {
      return waitUntilProcessed(apiClient(environment.regionalUrl, environment.ownerKey), fileId, timeoutMs);
    },
    /** A solid-colour PNG in memory, e.g. for the browser's file input. */
    png: solidPng,
    unique,
  };

  return { api, apiResponse, fixtures };
}

// ---------------------------------------------------------------------------------------------------------------
// Page helpers shared by the tests

/** Waits (up to 3 s) for the page's finite CSS animations and transitions to end; spinners and shimmers loop on. */
export async function settleAnimations(page: Page) {
  await page
    .evaluate(async () => {
      const finite = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
      const timeout = new Promise((resolve) => setTimeout(resolve, 3_000));
      await Promise.race([
        Promise.all(finite.map((animation) => animation.finished.catch(() => {}))),
        timeout,
      ]);
    })
    .catch(() => {});
}

/** Waits for a toast (sonner) whose text contains `text`; returns its locator. */
export async function expectToast(page: Page, text: string | RegExp, timeout = 10_000) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text });
  await toast.first().waitFor({ timeout });
  return toast.first();
}

/** The names of the files the browse grid or list shows, in order (each has a "Select <name>" checkbox). */
/** Whether anything makes the page wider than the window (a horizontal scroll bar on a tablet or phone). */
export const overflowsHorizontally = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, document.getElementById("main")].some(
      (element) => element !== null && element.scrollWidth > element.clientWidth,
    ),
  );

export async function shownFileNames(page: Page): Promise<string[]> {
  const labels = await page
    .locator('[data-file-id] input[type="checkbox"]')
    .evaluateAll((boxes) => boxes.map((b) => b.getAttribute("aria-label") ?? ""));
  return labels.map((label) => label.replace(/^Select /, ""));
}

/** A file's tile (grid) or row (list) in a browse view, by file name. */
export function fileItem(page: Page, name: string) {
  return page
    .locator("[data-file-id]")
    .filter({ has: page.getByRole("checkbox", { name: `Select ${name}`, exact: true }) });
}

/**
 * The scripts of the code-split chunk `name` (named after its entry module, e.g. "command-palette") that the
 * page fetched so far: code loaded on first use must not come before it is used.
 */
export async function chunkFetched(d: Dashboard, name: string): Promise<string[]> {
  const pattern = new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`);
  const { responses } = await d.traces();
  return responses.map((r) => new URL(r.url).pathname).filter((pathname) => pattern.test(pathname));
}

// ---------------------------------------------------------------------------------------------------------------
// What the browser received

export interface RecordedResponse {
  url: string;
  status: number;
  /** Every header the browser saw, set-cookie included. */
  headers: Record<string, string>;
  /** The body as text (binary bodies as latin1), or null when there was none (redirects, aborted requests). */
  body: string | null;
}

export interface BrowserTraces {
  responses: RecordedResponse[];
  console: string[];
  pageErrors: string[];
  cookies: string[];
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------------------------

export interface OpenDashboardOptions {
  /** Log in through the login form and land on "/" (default true); false leaves a fresh page on /login. */
  login?: boolean;
  /** The OS colour scheme the browser reports (the app's "system" theme follows it). Default light. */
  colorScheme?: "light" | "dark";
  viewport?: { width: number; height: number };
  /** The browser's time zone (IANA name); default the machine's. */
  timezoneId?: string;
  /** Record a Playwright trace, saved next to the screenshots when the test fails (also E2E_TRACE=1). */
  trace?: boolean;
}

export interface Dashboard {
  page: Page;
  context: BrowserContext;
  /** The dashboard's origin, e.g. http://127.0.0.1:41234 */
  url: string;
  env: E2eEnvironment;
  service: { centralUrl: string; regionalUrl: string; ownerKey: string; brandspaceId: string };
  /** Calls the service with the owner key; parsed JSON, throws outside 2xx. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies loosely and assert on them
  api<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  /** The same without throwing: `{status, headers, body, text}`. */
  // biome-ignore lint/suspicious/noExplicitAny: as above
  apiResponse<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  fixtures: ReturnType<typeof serviceApi>["fixtures"];
  /** Navigates within the dashboard: `goto("/trash")`; waits for the load event. */
  goto(pathAndQuery: string): Promise<void>;
  /** Logs in through the real login form (the page must be on /login). */
  logIn(password?: string): Promise<void>;
  /** Switches the app's theme as the settings would (saved in localStorage) and reloads. */
  setTheme(theme: "light" | "dark"): Promise<void>;
  /** Full-page PNG at `.cache/e2e-artifacts/<file>/<name>.png`; returns the path. */
  screenshot(name: string): Promise<string>;
  /** Runs axe-core on the page as it is; any serious or critical violation fails the test, listed. */
  expectAccessible(label: string): Promise<void>;
  /** Everything the browser received and holds, once pending response bodies have been read. */
  traces(): Promise<BrowserTraces>;
  /** Where in `traces()` a string occurs (empty when nowhere). */
  findInTraces(secret: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A fresh browser context on the dashboard, logged in through the real login form and at "/". Called inside a
 * test, it closes itself when the test ends (after a failure screenshot, page URL and trace if the test failed);
 * `close()` may still be called earlier.
 */
export async function openDashboard(options: OpenDashboardOptions = {}): Promise<Dashboard> {
  const environment = e2eEnvironment();
  const browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: environment.dashboardUrl,
    colorScheme: options.colorScheme ?? "light",
    viewport: options.viewport ?? { width: 1440, height: 900 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    acceptDownloads: true,
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const tracing = options.trace ?? process.env.E2E_TRACE === "1";
  if (tracing) await context.tracing.start({ screenshots: true, snapshots: true, sources: false });

  const responses: RecordedResponse[] = [];
  const pendingBodies = new Set<Promise<void>>();
  const consoleLines: string[] = [];
  const pageErrors: string[] = [];
  const record = (response: Response) => {
    const reading = (async () => {
      const headers = await response.allHeaders().catch(() => ({}) as Record<string, string>);
      let body: string | null = null;
      const status = response.status();
      // An event stream's body never ends while the page is open: waiting for it would hold close() forever.
      const streaming = (headers["content-type"] ?? "").startsWith("text/event-stream");
      if ((status < 300 || status >= 400) && !streaming) {
        body = await response
          .body()
          .then((buffer) => buffer.toString("latin1"))
          .catch(() => null);
      }
      responses.push({ url: response.url(), status, headers, body });
    })();
    pendingBodies.add(reading);
    void reading.finally(() => pendingBodies.delete(reading));
  };
  context.on("response", record);
  context.on("console", (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  context.on("weberror", (error) => pageErrors.push(String(error.error().stack ?? error.error())));

  const page = await context.newPage();
  const artifactsDir = artifactsDirOfCurrentFile(environment);
  const { api, apiResponse, fixtures } = serviceApi(environment);

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await Promise.allSettled([...pendingBodies]);
    await context.close().catch(() => {});
  };

  const goto = async (pathAndQuery: string) => {
    await page.goto(new URL(pathAndQuery, environment.dashboardUrl).toString(), { waitUntil: "load" });
  };

  const logIn = async (password = environment.password) => {
    await page.getByLabel("Dashboard password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  };

  const readTraces = async (): Promise<BrowserTraces> => {
    while (pendingBodies.size > 0) await Promise.allSettled([...pendingBodies]);
    const cookies = closed
      ? []
      : (await context.cookies()).map((c) => `${c.name}=${c.value}; domain=${c.domain}; path=${c.path}`);
    const storage =
      closed || page.isClosed()
        ? { local: {}, session: {} }
        : await page
            .evaluate(() => {
              const dump = (s: Storage) =>
                Object.fromEntries(
                  Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k)!]),
                );
              return { local: dump(window.localStorage), session: dump(window.sessionStorage) };
            })
            .catch(() => ({ local: {}, session: {} }));
    return {
      responses: [...responses],
      console: [...consoleLines],
      pageErrors: [...pageErrors],
      cookies,
      localStorage: storage.local,
      sessionStorage: storage.session,
    };
  };

  const dashboard: Dashboard = {
    page,
    context,
    url: environment.dashboardUrl,
    env: environment,
    service: {
      centralUrl: environment.centralUrl,
      regionalUrl: environment.regionalUrl,
      ownerKey: environment.ownerKey,
      brandspaceId: environment.brandspaceId,
    },
    api,
    apiResponse,
    fixtures,
    goto,
    logIn,
    async setTheme(theme) {
      await page.evaluate((value) => window.localStorage.setItem("brandspace.theme", value), theme);
      await page.reload({ waitUntil: "load" });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
        .toBe(theme === "dark");
    },
    async screenshot(name) {
      const file = path.join(artifactsDir, `${fileSafe(name)}.png`);
      await mkdir(artifactsDir, { recursive: true });
      // What the user would see once the screen settled: its requests answered and its pictures decoded.
      await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
      await page
        .waitForFunction(() => Array.from(document.images).every((image) => image.complete), null, {
          timeout: 5_000,
        })
        .catch(() => {});
      await settleAnimations(page);
      await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
      return file;
    },
    async expectAccessible(label) {
      // A toast or dialog fading in or out has blended colours that axe would report as poor contrast.
      await settleAnimations(page);
      const injected = await page.evaluate(() => "axe" in window);
      // Through the DevTools protocol, so the dashboard's CSP (script-src 'self') stays as it is for the app.
      if (!injected) await page.evaluate(axe.source);
      const violations = await page.evaluate(async () => {
        // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page above
        const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
        return (
          result.violations as Array<{
            id: string;
            impact: string | null;
            help: string;
            helpUrl: string;
            nodes: Array<{ target: unknown[]; failureSummary?: string; html: string }>;
          }>
        ).map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => ({
            target: n.target.join(" "),
            html: n.html,
            summary: n.failureSummary ?? "",
          })),
        }));
      });
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      const report = serious
        .map(
          (v) =>
            `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes
              .slice(0, 8)
              .map(
                (n) =>
                  `    at ${n.target}\n      ${n.html.slice(0, 200)}\n      ${n.summary.replace(/\n/g, " ")}`,
              )
              .join("\n")}${v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : ""}`,
        )
        .join("\n");
      expect(serious.length, `axe found serious/critical violations on "${label}":\n${report}`).toBe(0);
    },
    traces: readTraces,
    async findInTraces(secret) {
      const t = await readTraces();
      const places: string[] = [];
      for (const r of t.responses) {
        for (const [name, value] of Object.entries(r.headers)) {
          if (value.includes(secret)) places.push(`header ${name} of ${r.status} ${r.url}`);
        }
        if (r.body?.includes(secret)) places.push(`body of ${r.status} ${r.url}`);
      }
      for (const line of t.console) if (line.includes(secret)) places.push(`console: ${line.slice(0, 200)}`);
      for (const line of t.pageErrors)
        if (line.includes(secret)) places.push(`page error: ${line.slice(0, 200)}`);
      for (const cookie of t.cookies)
        if (cookie.includes(secret)) places.push(`cookie ${cookie.split("=")[0]}`);
      for (const [k, v] of Object.entries(t.localStorage)) {
        if (k.includes(secret) || v.includes(secret)) places.push(`localStorage ${k}`);
      }
      for (const [k, v] of Object.entries(t.sessionStorage)) {
        if (k.includes(secret) || v.includes(secret)) places.push(`sessionStorage ${k}`);
      }
      return places;
    },
    close,
  };

  try {
    onTestFinished(async ({ task }) => {
      if (task.result?.state === "fail" && !closed) {
        const name = `FAILED-${fileSafe(task.name)}`;
        await mkdir(artifactsDir, { recursive: true });
        await page
          .screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true, timeout: 5_000 })
          .catch(() => {});
        const notes = [
          `url: ${page.isClosed() ? "(closed)" : page.url()}`,
          `page errors:\n${pageErrors.join("\n")}`,
          `console:\n${consoleLines.join("\n")}`,
        ].join("\n\n");
        await writeFile(path.join(artifactsDir, `${name}.txt`), notes).catch(() => {});
        if (tracing)
          await context.tracing.stop({ path: path.join(artifactsDir, `${name}-trace.zip`) }).catch(() => {});
      }
      await close();
    });
  } catch {
    // Opened outside a test (beforeAll): the caller closes it.
  }

  await page.goto(`${environment.dashboardUrl}/login`, { waitUntil: "load" });
  if (options.login !== false) {
    await logIn();
    await page.waitForURL(`${environment.dashboardUrl}/`);
  }
  return dashboard;
}

/** The entry names of a downloaded zip, sorted (directories end with a slash). */
export async function zipEntries(file: string): Promise<string[]> {
  const bytes = await readFile(file);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: false }, (error, z) => (error ? reject(error) : resolve(z!))),
  );
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => names.push(entry.fileName));
    zip.on("end", resolve);
    zip.on("error", reject);
  });
  return names.sort();
}
