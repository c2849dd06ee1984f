import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client.ts";
import { NetworkError } from "../../api/uploads.ts";
import { errorText, isGone, isTransient } from "./upload-errors.ts";

const validation = (message: string, errors: { param: string; message: string }[]) =>
  new ApiError(400, { code: "validation_error", message, details: { errors } });

describe("upload errors", () => {
  it("shows the service's message, adding issues it does not already name", () => {
    expect(
      errorText(
        validation("size: must be at most 50 GiB", [{ param: "size", message: "must be at most 50 GiB" }]),
      ),
    ).toBe("size: must be at most 50 GiB");
    expect(
      errorText(
        validation("The request is not valid.", [
          { param: "name", message: "must not be empty" },
          { param: "size", message: "must be at least 0" },
        ]),
      ),
    ).toBe("The request is not valid. (name must not be empty; size must be at least 0)");
  });

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
