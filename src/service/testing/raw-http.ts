import net from "node:net";

/** An HTTP/1.1 answer read off a raw socket: for requests no HTTP client would send. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  closedAfterMs: number;
}

/** Writes `request` on a fresh socket and reads until the server closes it (or `giveUpMs` passes). */
export function sendRaw(port: number, request: string, giveUpMs = 8_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      text += chunk;
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms; got ${JSON.stringify(text.slice(0, 200))}`));
    }, giveUpMs);
    socket.on("close", () => {
      clearTimeout(timer);
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(":");
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      let body = rest.join("\r\n\r\n");
      if (headers["transfer-encoding"] === "chunked") body = unchunk(body);
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body,
        closedAfterMs: Date.now() - started,
      });
    });
  });
}

function unchunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 4 + size);
  }
}
