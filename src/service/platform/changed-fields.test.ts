import { describe, expect, it } from "vitest";
import { changedFields } from "./changed-fields.ts";

const stored = {
  name: "Logo",
  description: null as string | null,
  tags: ["brand", "dark"],
  published: false,
  expiresAt: new Date("2030-01-01T00:00:00Z") as Date | null,
  views: { default: "gallery", allowed: ["gallery", "list"] },
};

describe("changedFields", () => {
  it("is null when every field sent equals the stored one", () => {
    expect(changedFields(stored, { name: "Logo", tags: ["brand", "dark"], published: false })).toBeNull();
  });

  it("leaves out fields not sent (undefined), and is null when nothing is sent", () => {
    expect(changedFields(stored, { name: undefined, description: undefined })).toBeNull();
    expect(changedFields(stored, {})).toBeNull();
  });

  it("answers only the fields that differ", () => {
    expect(changedFields(stored, { name: "Logo", published: true })).toEqual({ published: true });
    expect(changedFields(stored, { description: "" })).toEqual({ description: "" });
  });

  it("tells null (sent: clear it) from a value", () => {
    expect(changedFields(stored, { description: null })).toBeNull();
    expect(changedFields(stored, { expiresAt: null })).toEqual({ expiresAt: null });
  });

  it("compares arrays by their items in order", () => {
    expect(changedFields(stored, { tags: ["dark", "brand"] })).toEqual({ tags: ["dark", "brand"] });
    expect(changedFields(stored, { tags: ["brand"] })).toEqual({ tags: ["brand"] });
  });

  it("compares dates by their time", () => {
    expect(changedFields(stored, { expiresAt: new Date(Date.UTC(2030, 0, 1)) })).toBeNull();
    const later = new Date("2030-01-02T00:00:00Z");
    expect(changedFields(stored, { expiresAt: later })).toEqual({ expiresAt: later });
  });

  it("compares objects deeply, whatever their key order", () => {
    expect(changedFields(stored, { views: { allowed: ["gallery", "list"], default: "gallery" } })).toBeNull();
    expect(
      changedFields(stored, { views: { default: "list", allowed: ["gallery", "list"] } }),
    ).not.toBeNull();
  });
});
