import type { FastifyInstance } from "fastify";

/** The dashboard's CSP: scripts only from itself; images and media also from the regional API host. */
export function contentSecurityPolicy(regionalOrigin: string | null): string {
  const regional = regionalOrigin ? ` ${regionalOrigin}` : "";
  return [
    "default-src 'self'",
    `img-src 'self' data: blob:${regional}`,
    `media-src 'self' blob:${regional}`,
    "connect-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** Adds the CSP and related headers to every answer; a proxied answer's own headers win. */
export function registerSecurityHeaders(app: FastifyInstance, regionalUrl: () => string | null): void {
  app.addHook("onRequest", async (_request, reply) => {
    const regional = regionalUrl();
    reply.headers({
      "content-security-policy": contentSecurityPolicy(regional ? new URL(regional).origin : null),
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
    });
  });
}
