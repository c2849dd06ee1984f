import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signPath, stableExpiry, verifySignedPath } from "./signed-urls.ts";

const key = randomBytes(32);
const parse = (url: string) => {
  const [path, search] = url.split("?");
  const q = new URLSearchParams(search);
  return { path: path!, query: { expires: q.get("expires")!, signature: q.get("signature")! } };
};

describe("signed paths", () => {
  it("verify for the signed path and expiry only", () => {
    const { path, query } = parse(signPath(key, "/v1/content/a/b/original", new Date(Date.now() + 60_000)));
    expect(() => verifySignedPath(key, path, query)).not.toThrow();
    expect(() => verifySignedPath(key, "/v1/content/a/c/original", query)).toThrow(/not valid/);
    expect(() =>
      verifySignedPath(key, path, { ...query, expires: String(Number(query.expires) + 1) }),
    ).toThrow(/not valid/);
    expect(() => verifySignedPath(randomBytes(32), path, query)).toThrow(/not valid/);
  });

  it("signed again (remembered), a path keeps its signature under its key only", () => {
    const expires = new Date(Date.now() + 60_000);
    const first = signPath(key, "/v1/content/a/b/thumbnail", expires);
    expect(signPath(key, "/v1/content/a/b/thumbnail", expires)).toBe(first);
    const other = randomBytes(32);
    const { path, query } = parse(signPath(other, "/v1/content/a/b/thumbnail", expires));
    expect(query.signature).not.toBe(parse(first).query.signature);
    expect(() => verifySignedPath(other, path, query)).not.toThrow();
    expect(() => verifySignedPath(key, path, query)).toThrow(/not valid/);
  });

  it("verify with the same `also` only, which the URL does not show", () => {
    const url = signPath(key, "/v1/shared-link-content/shl_1/zip", new Date(Date.now() + 60_000), "hash-1");
    expect(url).not.toContain("hash-1");
    const { path, query } = parse(url);
    expect(() => verifySignedPath(key, path, query, { also: "hash-1" })).not.toThrow();
    expect(() => verifySignedPath(key, path, query, { also: "hash-2" })).toThrow(/not valid/);
    expect(() => verifySignedPath(key, path, query)).toThrow(/not valid/);
    const plain = parse(signPath(key, "/v1/shared-link-content/shl_1/zip", new Date(Date.now() + 60_000)));
    expect(() => verifySignedPath(key, plain.path, plain.query, { also: "hash-1" })).toThrow(/not valid/);
  });

  it("answer 410 once expired", () => {
    const { path, query } = parse(signPath(key, "/p", new Date(Date.now() - 1000)));
    expect(() => verifySignedPath(key, path, query)).toThrow(/expired/);
  });

  it("stable expiry is the same within an hour and at least an hour away", () => {
    const a = stableExpiry(new Date("2026-11-21T10:05:00Z"));
    const b = stableExpiry(new Date("2026-11-21T10:55:00Z"));
    expect(a).toEqual(b);
    expect(a.toISOString()).toBe("2026-11-21T12:00:00.000Z");
  });
});
