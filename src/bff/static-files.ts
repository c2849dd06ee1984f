import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./error-reply.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
};

// Vite names assets by content hash, so they never change under the same URL.
const IMMUTABLE = "public, max-age=31536000, immutable";
const RESERVED_PREFIXES = ["/api/", "/login/", "/assets/"];

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Brandspace dashboard</title></head>
<body><h1>The dashboard is not built yet</h1><p>Build the web app, then reload this page.</p></body></html>
`;

/** A regular file inside `root`, or null; refuses paths that climb out of it. */
async function fileInside(root: string, urlPath: string): Promise<{ file: string; size: number } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const file = path.resolve(root, `.${decoded}`);
  if (file !== root && !file.startsWith(`${root}${path.sep}`)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { file, size: info.size } : null;
}

function sendFile(reply: FastifyReply, found: { file: string; size: number }, cacheControl: string) {
  const type = CONTENT_TYPES[path.extname(found.file).toLowerCase()] ?? "application/octet-stream";
  reply.headers({
    "content-type": type,
    "content-length": String(found.size),
    "cache-control": cacheControl,
  });
  return reply.send(createReadStream(found.file));
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? "").includes("text/html");
}

/** The built SPA: immutable hashed assets, `index.html` revalidated, and an SPA fallback for client routes. */
export function registerStaticFiles(app: FastifyInstance, staticDir: string): void {
  const root = path.resolve(staticDir);

  const serveIndex = async (reply: FastifyReply) => {
    const index = await fileInside(root, "/index.html");
    if (index) return sendFile(reply, index, "no-cache");
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(NOT_BUILT_PAGE);
  };

  app.get("/assets/*", async (request, reply) => {
    const found = await fileInside(root, new URL(request.url, "http://x").pathname);
    if (!found) return sendError(request, reply, "not_found", "No such asset.");
    return sendFile(reply, found, IMMUTABLE);
  });

  app.get("/*", async (request, reply) => {
    const { pathname } = new URL(request.url, "http://x");
    if (pathname === "/" || pathname === "/index.html") return serveIndex(reply);
    if (RESERVED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
      return sendError(request, reply, "not_found", "Not found.");
    }
    const found = await fileInside(root, pathname);
    if (found) return sendFile(reply, found, "no-cache");
    if (acceptsHtml(request)) return serveIndex(reply);
    return sendError(request, reply, "not_found", "Not found.");
  });
}
