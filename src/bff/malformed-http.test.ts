import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../contract/errors.ts";
import { type RawAnswer, sendRaw } from "../service/testing/raw-http.ts";
import { startTestService, type TestService } from "../service/testing/test-service.ts";
import { type BffUnderTest, startBffUnderTest } from "./testing/bff-under-test.ts";

let service: TestService;
let dashboard: BffUnderTest;
let port: number;

beforeAll(async () => {
  service = await startTestService();
  dashboard = await startBffUnderTest({
    centralUrl: service.centralUrl,
    apiKey: service.seed.ownerKey,
    env: { BODY_IDLE_TIMEOUT: "1s" },
  });
  port = Number(new URL(dashboard.url).port);
});
afterAll(async () => {
  await dashboard?.close();
  await service?.close();
});

function expectUniform(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  const body = ErrorBody.parse(JSON.parse(answer.body));
  expect(body).toMatchObject({ object: "error", status, code });
  expect(answer.headers["x-request-id"]).toBe(body.request_id);
}

describe("the dashboard's server, before any handler", () => {
  it("answers headers over 16 KB with 431 and the uniform body", async () => {
    const answer = await sendRaw(
      port,
      `GET /login HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(17_000)}\r\nConnection: close\r\n\r\n`,
    );
    expectUniform(answer, 431, "headers_too_large");
  });

  it("answers a path that is not valid percent-encoding with 400", async () => {
    const answer = await sendRaw(
      port,
      "GET /api/v1/files/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    expectUniform(answer, 400, "validation_error");
    expect(JSON.parse(answer.body).details).toEqual({
      errors: [{ param: "path", message: "is not valid percent-encoding" }],
    });
  });

  it("answers a request without Host, and a CONNECT, with 400 and the uniform body", async () => {
    const noHost = await sendRaw(port, "GET /login HTTP/1.1\r\nConnection: close\r\n\r\n");
    expectUniform(noHost, 400, "validation_error");
    expect(JSON.parse(noHost.body).details).toEqual({
      errors: [{ param: "request", message: "needs a Host header" }],
    });
    const connect = await sendRaw(port, "CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n");
    expectUniform(connect, 400, "validation_error");
  });

  it("closes a request whose body stops arriving with 408 after the idle timeout", async () => {
    const answer = await sendRaw(
      port,
      "POST /api/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );
    expectUniform(answer, 408, "request_timeout");
    expect(answer.closedAfterMs).toBeLessThan(5_000);
  });
});
