import { describe, expect, it } from "vitest";
import { getFile } from "../../contract/operations/files.ts";
import { ApiError, pathOf, queryString } from "./client.ts";

describe("the dashboard's API client", () => {
  it("fills path parameters, encoded", () => {
    expect(pathOf(getFile, { fileId: "fil_1/../x" })).toBe("/v1/files/fil_1%2F..%2Fx");
    expect(() => pathOf(getFile, {})).toThrow(/fileId/);
  });

  it("writes lists as comma lists and leaves out empty values", () => {
    expect(
      queryString({ kind: ["image", "video"], q: "", cursor: undefined, limit: 50, trashed: false }),
    ).toBe("?kind=image%2Cvideo&limit=50&trashed=false");
    expect(queryString({})).toBe("");
  });

  it("reads the uniform error body, its validation errors and Retry-After", () => {
    const error = new ApiError(
      429,
      {
        object: "error",
        status: 429,
        code: "rate_limited",
        message: "Slow down.",
        details: { errors: [{ param: "limit", message: "must be between 1 and 100" }] },
        request_id: "req_1",
      },
      "7",
    );
    expect(error.message).toBe("Slow down.");
    expect(error.issues).toEqual([{ param: "limit", message: "must be between 1 and 100" }]);
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.transient).toBe(true);
    expect(new ApiError(404, null).transient).toBe(false);
    expect(new ApiError(502, null).message).toBe("The request failed (HTTP 502).");
  });
});
