import { describe, expect, it } from "vitest";
import { ApiError } from "./client.ts";
import { errorMessage } from "./error-message.ts";

const validation = (message: string, errors: { param: string; message: string }[]) =>
  new ApiError(400, { code: "validation_error", message, details: { errors } });

describe("errorMessage", () => {
  it("shows the service's message, adding issues it does not already name", () => {
    expect(
      errorMessage(
        validation("size: must be at most 50 GiB", [{ param: "size", message: "must be at most 50 GiB" }]),
      ),
    ).toBe("size: must be at most 50 GiB");
    expect(
      errorMessage(
        validation("The request is not valid.", [
          { param: "name", message: "must not be empty" },
          { param: "size", message: "must be at least 0" },
        ]),
      ),
    ).toBe("The request is not valid. (name must not be empty; size must be at least 0)");
  });

  it("falls back to an error's own message, and to a plain sentence for anything else", () => {
    expect(errorMessage(new Error("Network down"))).toBe("Network down");
    expect(errorMessage({ weird: true })).toBe("Something went wrong.");
  });
});
