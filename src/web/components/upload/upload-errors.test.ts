import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client.ts";
import { NetworkError } from "../../api/uploads.ts";
import { isGone, isTransient } from "./upload-errors.ts";

describe("upload errors", () => {
  it("retries network failures and 5xx, not client errors", () => {
    expect(isTransient(new NetworkError())).toBe(true);
    expect(isTransient(new ApiError(502, null))).toBe(true);
    expect(isTransient(new ApiError(413, null))).toBe(false);
  });

  it("knows an upload that is gone", () => {
    expect(isGone(new ApiError(404, { code: "not_found", message: "No such upload." }))).toBe(true);
    expect(isGone(new ApiError(409, { code: "expired", message: "This upload has expired." }))).toBe(true);
    expect(isGone(new ApiError(413, null))).toBe(false);
  });
});
