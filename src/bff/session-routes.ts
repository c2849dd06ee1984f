import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { clearedSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from "./cookies.ts";
import { sendError } from "./error-reply.ts";
import type { LoginThrottle } from "./login-throttle.ts";
import type { LoginTokens } from "./login-tokens.ts";
import { isSameOrigin } from "./origin-check.ts";
import { readDashboardPasswordHash } from "./password-file.ts";
import { verifyPassword } from "./password-hash.ts";
import type { SessionStore } from "./session-store.ts";

export interface SessionRoutesOptions {
  dataDir: string;
  publicOrigin: () => string;
  sessionTtlMs: number;
  sessions: SessionStore;
  loginTokens: LoginTokens;
  throttle: LoginThrottle;
}

const LoginBody = z.strictObject({ password: z.string().min(1).max(1024) });

export function sessionIdOf(request: FastifyRequest): string | undefined {
  return readCookie(request.headers.cookie, SESSION_COOKIE);
}

/** `/api/session` (password login, status, logout) and `/login/<token>` (one-time link). */
export function registerSessionRoutes(app: FastifyInstance, options: SessionRoutesOptions): void {
  const { sessions, throttle } = options;
  const secure = () => options.publicOrigin().startsWith("https:");

  const startSession = (reply: FastifyReply) =>
    reply.header(
      "set-cookie",
      sessionCookie(sessions.create(), {
        maxAgeSeconds: Math.floor(options.sessionTtlMs / 1000),
        secure: secure(),
      }),
    );

  app.get("/api/session", async (request, reply) => {
    reply.header("cache-control", "no-store");
    return { object: "session", logged_in: sessions.isValid(sessionIdOf(request)) };
  });

  app.post("/api/session", async (request, reply) => {
    if (!isSameOrigin(request.headers, options.publicOrigin())) {
      return sendError(request, reply, "forbidden", "Cross-origin login is not allowed.");
    }
    const retryAfter = throttle.retryAfterSeconds(request.ip);
    if (retryAfter !== null) {
      reply.header("retry-after", String(retryAfter));
      return sendError(request, reply, "rate_limited", "Too many wrong passwords; try again later.");
    }
    const body = LoginBody.safeParse(request.body);
    if (!body.success) return sendError(request, reply, "validation_error", "Expected {password}.");
    const stored = await readDashboardPasswordHash(options.dataDir);
    if (!stored || !(await verifyPassword(body.data.password, stored))) {
      throttle.recordFailure(request.ip);
      return sendError(request, reply, "unauthorized", "Wrong password.");
    }
    startSession(reply).code(201);
    return { object: "session", logged_in: true };
  });

  app.delete("/api/session", async (request, reply) => {
    if (!isSameOrigin(request.headers, options.publicOrigin())) {
      return sendError(request, reply, "forbidden", "Cross-origin logout is not allowed.");
    }
    sessions.delete(sessionIdOf(request));
    return reply.header("set-cookie", clearedSessionCookie(secure())).code(204).send();
  });

  app.get<{ Params: { token: string } }>("/login/:token", async (request, reply) => {
    if (!options.loginTokens.consume(request.params.token)) {
      return sendError(request, reply, "unauthorized", "This login link is invalid, used or expired.");
    }
    return startSession(reply).header("cache-control", "no-store").redirect("/", 303);
  });
}
