import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client.ts";
import { checkWebhookForm, serverErrors } from "./webhook-form-rules.ts";

const valid = { url: "https://example.com/hooks", description: "", events: ["*"] };

describe("webhook form rules", () => {
  it("accepts an https URL with events", () => {
    expect(checkWebhookForm(valid)).toEqual({});
  });

  it("says what is wrong with the URL, the events and the description", () => {
    expect(checkWebhookForm({ ...valid, url: " " }).url).toMatch(/Enter the URL/);
    expect(checkWebhookForm({ ...valid, url: "example.com/hooks" }).url).toMatch(/absolute URL/);
    expect(checkWebhookForm({ ...valid, url: "ftp://example.com/" }).url).toMatch(/https/);
    expect(checkWebhookForm({ ...valid, events: [] }).events).toMatch(/at least one/);
    expect(checkWebhookForm({ ...valid, description: "x".repeat(2001) }).description).toMatch(/2000/);
  });

  it("leaves http to the service, which allows it to loopback when configured", () => {
    expect(checkWebhookForm({ ...valid, url: "http://127.0.0.1:9999/hooks" })).toEqual({});
  });

  it("puts the service's messages under their fields", () => {
    const error = new ApiError(400, {
      object: "error",
      code: "validation_error",
      message: "events: * must be the only element (and 2 more)",
      details: {
        errors: [
          { param: "events", message: "* must be the only element" },
          { param: "events.0", message: 'unknown event type "nope"' },
          { param: "url", message: "must use https" },
        ],
      },
    });
    expect(serverErrors(error)).toEqual({
      events: '* must be the only element unknown event type "nope"',
      url: "must use https",
    });
  });

  it("shows other failures as a message of the form", () => {
    expect(serverErrors(new ApiError(403, { message: "Your role cannot manage webhooks." }))).toEqual({
      form: "Your role cannot manage webhooks.",
    });
    expect(serverErrors(new TypeError("Failed to fetch"))).toEqual({ form: "Failed to fetch" });
  });
});
