import { stat } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./error-reply.ts";

// Vite names assets by content hash, so they never change under the same URL.
const IMMUTABLE = "public, max-age=31536000, immutable";
// Revalidated on every load (a 304 when unchanged), so a new build is picked up at once.
const REVALIDATE = "no-cache";
const RESERVED_PREFIXES = ["/api/", "/public-api/", "/login/", "/assets/"];

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Brandspace dashboard</title></head>
<body><h1>The dashboard is not built yet</h1><p>Build the web app, then reload this page.</p></body></html>
`;

/** A client route of the SPA: a page navigation outside the server's own paths and never a dotfile. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (!(request.headers.accept ?? "").includes("text/html")) return false;
  const { pathname } = new URL(request.url, "http://x");
  if (RESERVED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  return !pathname.split("/").some((segment) => segment.startsWith("."));
}

/**
 * The built SPA through @fastify/static: ETag and Last-Modified with 304s, the build's brotli or gzip copy
 * when the browser accepts it (`Vary: Accept-Encoding`), immutable hashed assets under /assets/, everything
 * else (index.html, favicon) revalidated. Dotfiles (`.source-hash`) and source maps are never served, and a
 * page navigation to a client route gets index.html; any other miss is the uniform 404.
 */
export function registerStaticFiles(app: FastifyInstance, staticDir: string): void {
  const root = path.resolve(staticDir);
  const assets = `${path.join(root, "assets")}${path.sep}`;

  app.register(fastifyStatic, {
    root,
    preCompressed: true,
    dotfiles: "ignore",
    index: false,
    cacheControl: false,
    // Maps would hand the app's source to anyone; the build does not write them and this refuses strays.
    allowedPath: (pathName) => !pathName.endsWith(".map"),
    setHeaders: (reply, file) => {
      reply.header("cache-control", file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });

  const serveIndex = async (reply: FastifyReply) => {
    const built = await stat(path.join(root, "index.html")).catch(() => null);
    // Checked first: sendFile calls the not-found handler for a missing file, which would come back here.
    if (built?.isFile()) return reply.code(200).sendFile("index.html");
    return reply
      .code(200)
      .header("cache-control", REVALIDATE)
      .type("text/html; charset=utf-8")
      .send(NOT_BUILT_PAGE);
  };

  // RFC 9239 makes text/javascript the one type for JavaScript; the mime table of @fastify/send still says
  // application/javascript. The API's own answers pass through untouched.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/")) return;
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("application/javascript")) {
      reply.header("content-type", "text/javascript; charset=utf-8");
    }
  });
  app.get("/", (_request, reply) => serveIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    if (isClientRoute(request)) return serveIndex(reply);
    return sendError(request, reply, "not_found", "Not found.");
  });
}
