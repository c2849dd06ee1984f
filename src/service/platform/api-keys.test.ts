import { describe, expect, it } from "vitest";
import { hashApiKey, mintApiKey, parseApiKey } from "./api-keys.ts";

describe("API keys", () => {
  it("mints region keys that parse back to their region and secret", () => {
    const minted = mintApiKey("us");
    expect(minted.key).toMatch(/^bsk_us_[0-9A-Za-z]{40}$/);
    expect(parseApiKey(minted.key)).toEqual({ region: "us", secret: minted.key.slice(7) });
    expect(minted.hash).toBe(hashApiKey(minted.key));
    expect(minted.prefix).toBe(minted.key.slice(0, 15));
  });

  it("reads a key without a region segment as a legacy key", () => {
    const legacy = mintApiKey(null);
    expect(legacy.key).toMatch(/^bsk_[0-9A-Za-z]{40}$/);
    expect(parseApiKey(legacy.key)?.region).toBeNull();
  });

  it("rejects malformed keys", () => {
    for (const bad of [
      "",
      "bsk_",
      "sk_us_abc",
      "bsk_us_short",
      "bsk_US_0123456789012345678901234567890123",
      "Bearer x",
    ]) {
      expect(parseApiKey(bad)).toBeNull();
    }
  });

  it("never mints the same key twice", () => {
    const keys = new Set(Array.from({ length: 200 }, () => mintApiKey("us").key));
    expect(keys.size).toBe(200);
  });
});
