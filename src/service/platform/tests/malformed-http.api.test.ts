import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../../contract/errors.ts";
import { type RawAnswer, sendRaw } from "../../testing/raw-http.ts";
import { startTestService, type TestService } from "../../testing/test-service.ts";

/** Errors raised before the app's handler (router, HTTP parser, a stalled body) still get the uniform body. */
let service: TestService;
let port: number;
let auth: string;

beforeAll(async () => {
  service = await startTestService({ env: { BODY_IDLE_TIMEOUT: "1s" } });
  port = Number(new URL(service.processUrls.regional).port);
  auth = `Authorization: Bearer ${service.seed.ownerKey}\r\n`;
});
afterAll(() => service?.close());

function expectUniform(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  const body = ErrorBody.parse(JSON.parse(answer.body));
  expect(body).toMatchObject({ object: "error", status, code });
  expect(body.request_id).toMatch(/^req_/);
  expect(answer.headers["x-request-id"]).toBe(body.request_id);
  return body;
}

describe("errors before the handler", () => {
  it("a path parameter longer than any id is 404 with the uniform body", async () => {
    const answer = await sendRaw(
      port,
      `GET /v1/files/${"a".repeat(150)} HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`,
    );
    expectUniform(answer, 404, "not_found");
  });

  it("two Authorization headers are 401 in either order: which key acts must not depend on it", async () => {
    const other = `Authorization: Bearer bsk_us_${"A".repeat(40)}\r\n`;
    for (const headers of [`${auth}${other}`, `${other}${auth}`, `${auth}${auth}`]) {
      const answer = await sendRaw(
        port,
        `GET /v1/libraries HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`,
      );
      expectUniform(answer, 401, "unauthorized");
    }
  });

  it("a path that is not valid percent-encoding is 400", async () => {
    const answer = await sendRaw(
      port,
      `GET /v1/files/%zz HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`,
    );
    expectUniform(answer, 400, "validation_error");
  });

  it("a query value that is not valid percent-encoding is 400 naming its parameter, not text to search for", async () => {
    for (const query of ["q=%FF", "q=%zz", "q=%ED%A0%80", "limit=5&uploaded_by=%C3"]) {
      const answer = await sendRaw(
        port,
        `GET /v1/files?${query} HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`,
      );
      const body = expectUniform(answer, 400, "validation_error");
      expect(body.details).toEqual({
        errors: [
          { param: query.split("=").at(-2)!.split("&").at(-1), message: "is not valid percent-encoding" },
        ],
      });
    }
    const fine = await sendRaw(
      port,
      `GET /v1/files?q=caf%C3%A9+menu&limit=5 HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`,
    );
    expect(fine.status).toBe(200);
  });

  it("a compressed JSON body is 415: the service reads bodies as sent", async () => {
    const body = '{"name":"Zipped"}';
    const answer = await sendRaw(
      port,
      `POST /v1/libraries HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expectUniform(answer, 415, "unsupported_media_type");
  });

  it("a GET with a body is 400: it takes none", async () => {
    for (const [type, body] of [
      ["application/json", '{"a":1}'],
      ["text/plain", "hi"],
    ]) {
      const answer = await sendRaw(
        port,
        `GET /v1/libraries?limit=1 HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: ${type}\r\nContent-Length: ${body!.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      const error = expectUniform(answer, 400, "validation_error");
      expect(error.details).toEqual({ errors: [{ param: "body", message: "must be empty" }] });
    }
    const empty = await sendRaw(
      port,
      `GET /v1/libraries?limit=1 HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(empty.status).toBe(200);
  });

  it("a request without Host, and a CONNECT, are 400 with the uniform body", async () => {
    const noHost = expectUniform(
      await sendRaw(port, "GET /v1/health HTTP/1.1\r\nConnection: close\r\n\r\n"),
      400,
      "validation_error",
    );
    expect(noHost.details).toEqual({ errors: [{ param: "request", message: "needs a Host header" }] });
    const connect = expectUniform(
      await sendRaw(port, "CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n"),
      400,
      "validation_error",
    );
    expect(connect.details).toEqual({ errors: [{ param: "request", message: "CONNECT is not supported" }] });
  });

  it("headers over 64 KB are 431 headers_too_large", async () => {
    const answer = await sendRaw(
      port,
      `GET /v1/files HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(66_000)}\r\n${auth}Connection: close\r\n\r\n`,
    );
    expectUniform(answer, 431, "headers_too_large");
  });

  it("takes a filter at its 4,096-character limit in any script, percent-encoded", async () => {
    const filter = JSON.stringify({ field: "name", op: "contains", value: "語".repeat(4096 - 43) });
    expect(filter.length).toBe(4096);
    const answer = await sendRaw(
      port,
      `GET /v1/files?filter=${encodeURIComponent(filter)}&q=${encodeURIComponent("語".repeat(500))} HTTP/1.1\r\n` +
        `Host: x\r\n${auth}Connection: close\r\n\r\n`,
    );
    expect(answer.status, answer.body).toBe(200);
  });

  it("a malformed Content-Length is 400", async () => {
    const answer = await sendRaw(
      port,
      `POST /v1/libraries HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
    );
    expectUniform(answer, 400, "validation_error");
  });
});

describe("a body that stops arriving", () => {
  it("is answered 408 and its socket closed after the idle timeout, and nothing is created", async () => {
    const name = `stalled-${Date.now()}`;
    const answer = await sendRaw(
      port,
      `POST /v1/libraries HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"${name}`,
    );
    expectUniform(answer, 408, "request_timeout");
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(answer.closedAfterMs).toBeLessThan(5_000);
    const list = await fetch(`${service.regionalUrl}/v1/libraries?limit=100`, {
      headers: { authorization: `Bearer ${service.seed.ownerKey}` },
    }).then((r) => r.json() as Promise<{ data: { name: string }[] }>);
    expect(list.data.some((l) => l.name === name)).toBe(false);
  });

  it("a body that trickles in slower than the idle timeout but never pauses that long is read whole", async () => {
    const body = JSON.stringify({ name: `trickled-${Date.now()}` });
    const answer = await new Promise<RawAnswer>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let text = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("error", reject);
      socket.on("close", () =>
        resolve({ status: Number(text.split(" ")[1]), headers: {}, body: "", closedAfterMs: 0 }),
      );
      socket.write(
        `POST /v1/libraries HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      );
      const pieces = [body.slice(0, 5), body.slice(5, 10), body.slice(10)];
      for (const [i, piece] of pieces.entries()) setTimeout(() => socket.write(piece), (i + 1) * 600);
    });
    expect(answer.status).toBe(201);
  });
});

describe("a body refused while it is still arriving", () => {
  /** Writes a request over the JSON limit in pieces, on after the answer came, then a second request on the socket. */
  function refusedThenAnother(second: string): Promise<{ text: string; error: Error | null }> {
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      const size = 4 * 1024 * 1024;
      const piece = Buffer.alloc(64 * 1024, "a");
      let text = "";
      let error: Error | null = null;
      socket.setEncoding("latin1");
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("error", (e) => {
        error = e;
      });
      socket.on("close", () => resolve({ text, error }));
      socket.write(
        `POST /v1/libraries HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      );
      let written = 0;
      const writeOn = () => {
        while (written < size && !socket.destroyed) {
          written += piece.length;
          if (!socket.write(piece)) return void socket.once("drain", writeOn);
        }
        if (!socket.destroyed) socket.write(second);
      };
      writeOn();
    });
  }

  it("is read and dropped, so that the client still writing gets its answer and can go on using the connection", async () => {
    const { text, error } = await refusedThenAnother(
      `GET /v1/libraries?limit=1 HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`,
    );
    expect(error).toBeNull();
    const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([413, 200]);
    expect(text).toContain('"code":"payload_too_large"');
  });

  it("closes the connection when the rest stops arriving", async () => {
    const started = Date.now();
    const answer = await new Promise<{ text: string; closedAfterMs: number }>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let text = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve({ text, closedAfterMs: Date.now() - started }));
      socket.write(
        `POST /v1/libraries HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: ${4 * 1024 * 1024}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(100 * 1024, "a"));
    });
    expect(answer.text).toMatch(/^HTTP\/1\.1 413/);
    expect(answer.closedAfterMs).toBeLessThan(5_000);
  });
});
