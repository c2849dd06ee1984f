import { describe, expect, it } from "vitest";
import { withoutPublicTokens } from "./public-tokens.ts";

describe("withoutPublicTokens", () => {
  it("hides the token of every public API path and visitor page", () => {
    expect(withoutPublicTokens("/v1/public/shared-links/pzmmf6j_-vrOpHyJP5/files/fil_1/download")).toBe(
      "/v1/public/shared-links/[token]/files/fil_1/download",
    );
    expect(withoutPublicTokens("/v1/public/transfers/abc123/unlock")).toBe(
      "/v1/public/transfers/[token]/unlock",
    );
    expect(withoutPublicTokens("/v1/public/pages/abc123")).toBe("/v1/public/pages/[token]");
    expect(withoutPublicTokens('{"url":"/s/abc-123?x=1","next":"/t/def","p":"/p/ghi"}')).toBe(
      '{"url":"/s/[token]?x=1","next":"/t/[token]","p":"/p/[token]"}',
    );
  });

  it("leaves other paths alone", () => {
    for (const path of ["/v1/files/fil_1", "/assets/index-abc.js", "/v1/shared-links/shl_1", "/settings/"])
      expect(withoutPublicTokens(path)).toBe(path);
  });
});
