import { describe, expect, it } from "vitest";
import { browserResponseHeaders, upstreamRequestHeaders } from "./proxy-headers.ts";

describe("upstreamRequestHeaders", () => {
  const browser = {
    cookie: "bs_session=abc",
    authorization: "Bearer bsk_forged",
    origin: "http://127.0.0.1:3000",
    host: "127.0.0.1:3000",
    connection: "keep-alive, x-private",
    "x-private": "dropped because Connection names it",
    "transfer-encoding": "chunked",
    "content-type": "application/json",
    accept: "application/json",
  };

  it("drops the browser's credentials and hop-by-hop headers and adds the dashboard's key", () => {
    const headers = upstreamRequestHeaders(browser, "bsk_us_secret", false);
    expect(headers).toEqual({
      authorization: "Bearer bsk_us_secret",
      "content-type": "application/json",
      accept: "application/json",
    });
  });

  it("keeps the browser's Idempotency-Key and adds a fresh one to mutations without it", () => {
    const kept = upstreamRequestHeaders({ "idempotency-key": "k1" }, "key", true);
    expect(kept["idempotency-key"]).toBe("k1");
    const first = upstreamRequestHeaders({}, "key", true)["idempotency-key"];
    const second = upstreamRequestHeaders({}, "key", true)["idempotency-key"];
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
    expect(upstreamRequestHeaders({}, "key", false)["idempotency-key"]).toBeUndefined();
  });
});

describe("browserResponseHeaders", () => {
  it("drops hop-by-hop headers and any cookie the upstream tried to set", () => {
    const headers = browserResponseHeaders({
      "content-type": "application/json",
      "content-length": "12",
      "transfer-encoding": "chunked",
      connection: "close",
      "keep-alive": "timeout=5",
      "set-cookie": ["a=b"],
      "x-request-id": "req_1",
      "idempotent-replayed": "true",
    });
    expect(headers).toEqual({
      "content-type": "application/json",
      "content-length": "12",
      "x-request-id": "req_1",
      "idempotent-replayed": "true",
    });
  });
});
