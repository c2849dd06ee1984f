import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../service/testing/test-service.ts";
import { type BffUnderTest, startBffUnderTest } from "./testing/bff-under-test.ts";

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-3f9a.js"></script></body></html>';
const APP_JS = 'console.log("dashboard");';
const VENDOR_JS = `export const text = ${JSON.stringify("brand ".repeat(400))};`;

let service: TestService;
let staticDir: string;
let dashboard: BffUnderTest;
let unbuilt: BffUnderTest;

beforeAll(async () => {
  service = await startTestService();
  staticDir = await mkdtemp(path.join(os.tmpdir(), "bs-web-"));
  await mkdir(path.join(staticDir, "assets"));
  await writeFile(path.join(staticDir, "index.html"), INDEX_HTML);
  await writeFile(path.join(staticDir, "assets", "app-3f9a.js"), APP_JS);
  await writeFile(path.join(staticDir, "robots.txt"), "User-agent: *\nDisallow: /\n");
  await writeFile(path.join(staticDir, "assets", "vendor-77aa.js"), VENDOR_JS);
  await writeFile(path.join(staticDir, "assets", "vendor-77aa.js.br"), brotliCompressSync(VENDOR_JS));
  await writeFile(path.join(staticDir, "assets", "vendor-77aa.js.gz"), gzipSync(VENDOR_JS));
  await writeFile(path.join(staticDir, "assets", "app-3f9a.js.map"), '{"version":3,"sources":["app.ts"]}');
  await writeFile(path.join(staticDir, ".source-hash"), "3f9a77aa");
  await mkdir(path.join(staticDir, ".git"));
  await writeFile(path.join(staticDir, ".git", "config"), "[core]");
  const options = { centralUrl: service.centralUrl, apiKey: service.seed.ownerKey };
  dashboard = await startBffUnderTest({ ...options, env: { DASHBOARD_STATIC_DIR: staticDir } });
  unbuilt = await startBffUnderTest(options);
  await dashboard.hosts.regionalUrl();
});
afterAll(async () => {
  await dashboard?.close();
  await unbuilt?.close();
  await service?.close();
  await rm(staticDir, { recursive: true, force: true });
});

const html = { headers: { accept: "text/html,application/xhtml+xml" } };

describe("static files", () => {
  it("serves index.html with no-cache and a strict CSP naming the regional host for media", async () => {
    const page = await dashboard.browser().call("GET", "/", html);
    expect(page.status).toBe(200);
    expect(page.text).toBe(INDEX_HTML);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const regional = new URL(service.regionalUrl).origin;
    expect(page.headers.get("content-security-policy")).toBe(
      [
        "default-src 'self'",
        `img-src 'self' data: blob: ${regional}`,
        `media-src 'self' blob: ${regional}`,
        "connect-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ].join("; "),
    );
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("serves hashed assets as immutable and unknown assets as 404", async () => {
    const asset = await dashboard.browser().call("GET", "/assets/app-3f9a.js");
    expect(asset.status).toBe(200);
    expect(asset.text).toBe(APP_JS);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await dashboard.browser().call("GET", "/assets/missing.js", html)).status).toBe(404);
  });

  it("sends the build's brotli or gzip copy to browsers that accept it, and the plain file otherwise", async () => {
    const fetchRaw = async (acceptEncoding: string | null) => {
      const answer = await request(`${dashboard.url}/assets/vendor-77aa.js`, {
        headers: acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding },
      });
      const body = Buffer.from(await answer.body.arrayBuffer());
      const header = (name: string) => answer.headers[name] ?? null;
      expect(header("content-length")).toBe(String(body.length));
      expect(header("vary")).toBe("accept-encoding");
      expect(header("content-type")).toBe("text/javascript; charset=utf-8");
      expect(header("cache-control")).toBe("public, max-age=31536000, immutable");
      return { encoding: header("content-encoding"), body };
    };
    const br = await fetchRaw("gzip, deflate, br, zstd");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(VENDOR_JS);
    const gz = await fetchRaw("gzip;q=1, br;q=0");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(VENDOR_JS);
    for (const header of [null, "identity", "deflate"]) {
      const plain = await fetchRaw(header);
      expect(plain.encoding).toBeNull();
      expect(plain.body.toString()).toBe(VENDOR_JS);
    }
    // A file the build left uncompressed (too small) is sent plain even to a browser that accepts brotli.
    const small = await request(`${dashboard.url}/assets/app-3f9a.js`, {
      headers: { "accept-encoding": "br" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(await small.body.text()).toBe(APP_JS);
  });

  it("falls back to index.html for client routes that accept HTML, not for API or other requests", async () => {
    const route = await dashboard.browser().call("GET", "/libraries/lib_123?view=grid", html);
    expect(route.status).toBe(200);
    expect(route.text).toBe(INDEX_HTML);
    expect(route.headers.get("cache-control")).toBe("no-cache");
    expect((await dashboard.browser().call("GET", "/libraries/lib_123")).status).toBe(404);
    expect((await dashboard.browser().call("GET", "/api/unknown", html)).status).toBe(404);
    const robots = await dashboard.browser().call("GET", "/robots.txt");
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  it("answers a repeated request with 304 by ETag or Last-Modified, still with the security headers", async () => {
    // undici's request, not fetch: fetch turns a conditional request into a reload (Cache-Control: no-cache).
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const answer = await request(`${dashboard.url}${url}`, { headers: { ...html.headers, ...headers } });
      const text = await answer.body.text();
      const header = (name: string) => (answer.headers[name] as string | undefined) ?? null;
      return { status: answer.statusCode, text, header };
    };
    for (const url of ["/", "/assets/app-3f9a.js", "/assets/vendor-77aa.js"]) {
      const first = await get(url, { "accept-encoding": "br" });
      const etag = first.header("etag");
      const lastModified = first.header("last-modified");
      expect(etag).toMatch(/^W\/"/);
      expect(lastModified).not.toBeNull();
      const byEtag = await get(url, { "accept-encoding": "br", "if-none-match": etag! });
      expect(byEtag.status).toBe(304);
      expect(byEtag.text).toBe("");
      expect(byEtag.header("etag")).toBe(etag);
      expect(byEtag.header("cache-control")).toBe(first.header("cache-control"));
      expect(byEtag.header("content-security-policy")).toContain("script-src 'self'");
      expect((await get(url, { "if-modified-since": lastModified! })).status).toBe(304);
      expect((await get(url, { "if-none-match": 'W/"0-0"' })).status).toBe(200);
    }
    // The brotli copy is another representation, with its own validator.
    const plain = await get("/assets/vendor-77aa.js");
    const br = await get("/assets/vendor-77aa.js", { "accept-encoding": "br" });
    expect(plain.header("etag")).not.toBe(br.header("etag"));
  });

  it("never serves dotfiles or source maps, not even to a page navigation", async () => {
    for (const url of [
      "/.source-hash",
      "/.git/config",
      "/assets/app-3f9a.js.map",
      "/assets/%2esource-hash",
    ]) {
      for (const options of [{}, html]) {
        const answer = await dashboard.browser().call("GET", url, options);
        expect(answer.status, url).toBe(404);
        expect(answer.body).toMatchObject({ object: "error", status: 404, code: "not_found" });
        expect(answer.text).not.toContain("3f9a77aa");
        expect(answer.text).not.toContain("sources");
      }
    }
  });

  it("refuses paths that climb out of the static directory", async () => {
    const secretFile = path.join(path.dirname(staticDir), `${path.basename(staticDir)}-secret.txt`);
    await writeFile(secretFile, "secret");
    try {
      const escaped = await dashboard
        .browser()
        .call("GET", `/assets/..%2f..%2f${path.basename(staticDir)}-secret.txt`);
      expect(escaped.status).toBe(404);
      expect(escaped.text).not.toContain("secret\n");
    } finally {
      await rm(secretFile, { force: true });
    }
  });

  it("says the dashboard is not built yet when the static directory is missing", async () => {
    const page = await unbuilt.browser().call("GET", "/", html);
    expect(page.status).toBe(200);
    expect(page.text).toContain("not built yet");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("never sent the API key to the browser side", () => {
    const key = service.seed.ownerKey;
    for (const instance of [dashboard, unbuilt]) {
      expect(instance.recorder.contains(key)).toBe(false);
      expect(instance.logLines.some((line) => line.includes(key))).toBe(false);
    }
  });
});
