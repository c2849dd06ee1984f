import { chmodSync, rmSync } from "node:fs";
import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Logger } from "pino";
import { AdminCommand, CommandResult, EXIT_USAGE, failed } from "./admin-command.ts";
import { type AdminContext, runAdminCommand } from "./run-command.ts";

const COMMANDS_PATH = "/v1/commands";
const MAX_BODY_BYTES = 64 * 1024;
// sun_path is 108 bytes on Linux and 104 on macOS, including the terminating NUL.
const MAX_SOCKET_PATH_BYTES = 103;
const ANSWER_TIMEOUT_MS = 30_000;
/** Commands whose work grows with the data: the caller waits for them as long as they take (Ctrl+C stops). */
const UNBOUNDED_COMMANDS = new Set<AdminCommand["command"]>(["seed", "backup"]);

export interface AdminSocket {
  close(): Promise<void>;
}

/**
 * Serves admin commands on a Unix socket, so that `npm run admin` can reach the database that this process
 * holds (PGlite allows one process). The caller holds the data-directory lock, which makes a socket file
 * found at the path a leftover of a crash, safe to remove.
 */
export async function serveAdminSocket(
  socketPath: string,
  context: AdminContext,
  logger: Logger,
): Promise<AdminSocket> {
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(
      `The admin socket path ${socketPath} is too long for a Unix socket (at most ${MAX_SOCKET_PATH_BYTES} bytes): ` +
        "choose a shorter BRANDSPACE_DATA_DIR.",
    );
  }
  rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    handle(req, res, context).catch((error) => {
      logger.error({ err: error }, "admin command failed");
      const result = failed("The service could not run the command; see its log.");
      if (res.headersSent) res.end(`${JSON.stringify({ result })}\n`);
      else answer(res, 500, result);
    });
  });
  await listenOwnerOnly(server, socketPath);
  return {
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      rmSync(socketPath, { force: true });
    },
  };
}

/** The socket grants full admin rights, so it must never be connectable by other users, not even briefly. */
async function listenOwnerOnly(server: Server, socketPath: string) {
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      // A Unix socket is bound synchronously inside listen(), so the umask covers its creation.
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } finally {
    process.umask(previous);
  }
  chmodSync(socketPath, 0o600);
}

async function handle(req: IncomingMessage, res: ServerResponse, context: AdminContext) {
  if (req.method !== "POST" || req.url !== COMMANDS_PATH) {
    return answer(res, 404, failed(`Unknown admin endpoint ${req.method} ${req.url}.`, EXIT_USAGE));
  }
  const body = await readBody(req);
  const command = body === null ? null : AdminCommand.safeParse(parseJson(body));
  if (!command?.success) {
    return answer(
      res,
      400,
      failed("The service could not read the command; are both on the same version?", EXIT_USAGE),
    );
  }
  // A stream of lines: `{"progress": "…"}` while the command runs, then `{"result": …}`.
  res.writeHead(200, { "content-type": "application/x-ndjson" });
  const progress = (message: string) => res.write(`${JSON.stringify({ progress: message })}\n`);
  const result = await runAdminCommand({ ...context, progress }, command.data);
  res.end(`${JSON.stringify({ result })}\n`);
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function answer(res: ServerResponse, status: number, result: CommandResult) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(result));
}

/**
 * Sends a command to the running service and hands each progress line it reports to `onProgress`; null when no
 * service listens on the socket.
 */
export function sendToAdminSocket(
  socketPath: string,
  command: AdminCommand,
  onProgress: (message: string) => void = () => {},
): Promise<CommandResult | null> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(command);
    const req = http.request(
      {
        socketPath,
        path: COMMANDS_PATH,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        timeout: UNBOUNDED_COMMANDS.has(command.command) ? 0 : ANSWER_TIMEOUT_MS,
      },
      (res) => {
        const streamed = res.headers["content-type"] === "application/x-ndjson";
        let text = "";
        let result: unknown = null;
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
          if (!streamed) return;
          const lines = text.split("\n");
          text = lines.pop() ?? "";
          for (const line of lines) {
            const message = parseJson(line) as { progress?: unknown; result?: unknown } | null;
            if (typeof message?.progress === "string") onProgress(message.progress);
            else if (message?.result) result = message.result;
          }
        });
        res.on("end", () => {
          const parsed = CommandResult.safeParse(streamed ? result : parseJson(text));
          if (parsed.success) resolve(parsed.data);
          else reject(new Error(`The running service answered ${res.statusCode} without a command result.`));
        });
      },
    );
    req.on("timeout", () =>
      req.destroy(new Error("The running service did not answer the admin command in time.")),
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      // No file, or a file left by a crash with nobody listening: the service is not running.
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
    req.end(body);
  });
}
