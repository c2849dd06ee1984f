import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { negotiate } from "@fastify/accept-negotiator";
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

/** Copies the build writes beside text assets (src/dashboard-precompress.ts), by content coding. */
const PRECOMPRESSED = { br: ".br", gzip: ".gz" } as const;
const PRECOMPRESSED_TYPES = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt"]);

// Vite names assets by content hash, so they never change under the same URL.
const IMMUTABLE = "public, max-age=31536000, immutable";
const RESERVED_PREFIXES = ["/api/", "/login/", "/assets/"];

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Brandspace dashboard</title></head>
<body><h1>The dashboard is not built yet</h1><p>Build the web app, then reload this page.</p></body></html>
`;

/** A regular file inside `root`, or null; refuses paths that climb out of it. */
async function fileInside(root: string, urlPath: string): Promise<FoundFile | null> {
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

interface FoundFile {
  file: string;
  size: number;
}

/** The build's brotli or gzip copy of `found` when the request accepts it (brotli first), else null. */
async function precompressedCopy(request: FastifyRequest, found: FoundFile) {
  const accepted = request.headers["accept-encoding"];
  if (!accepted) return null;
  const coding = negotiate(accepted, ["br", "gzip", "identity"]);
  if (coding !== "br" && coding !== "gzip") return null;
  const file = `${found.file}${PRECOMPRESSED[coding]}`;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { coding, file, size: info.size } : null;
}

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  found: FoundFile,
  cacheControl: string,
) {
  const extension = path.extname(found.file).toLowerCase();
  const type = CONTENT_TYPES[extension] ?? "application/octet-stream";
  let body = found;
  if (PRECOMPRESSED_TYPES.has(extension)) {
    reply.header("vary", "accept-encoding");
    const copy = await precompressedCopy(request, found);
    if (copy) {
      reply.header("content-encoding", copy.coding);
      body = copy;
    }
  }
  reply.headers({
    "content-type": type,
    "content-length": String(body.size),
    "cache-control": cacheControl,
  });
  return reply.send(createReadStream(body.file));
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? "").includes("text/html");
}

/** The built SPA: immutable hashed assets, `index.html` revalidated, and an SPA fallback for client routes. */
export function registerStaticFiles(app: FastifyInstance, staticDir: string): void {
  const root = path.resolve(staticDir);

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const index = await fileInside(root, "/index.html");
    if (index) return sendFile(request, reply, index, "no-cache");
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(NOT_BUILT_PAGE);
  };

  app.get("/assets/*", async (request, reply) => {
    const found = await fileInside(root, new URL(request.url, "http://x").pathname);
    if (!found) return sendError(request, reply, "not_found", "No such asset.");
    return sendFile(request, reply, found, IMMUTABLE);
  });

  app.get("/*", async (request, reply) => {
    const { pathname } = new URL(request.url, "http://x");
    if (pathname === "/" || pathname === "/index.html") return serveIndex(request, reply);
    if (RESERVED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
      return sendError(request, reply, "not_found", "Not found.");
    }
    const found = await fileInside(root, pathname);
    if (found) return sendFile(request, reply, found, "no-cache");
    if (acceptsHtml(request)) return serveIndex(request, reply);
    return sendError(request, reply, "not_found", "Not found.");
  });
}
