import { afterEach, describe, expect, it } from "vitest";
import type { Transfer } from "../../../contract/transfers.ts";
import { changesOf, lastExpiryDay, transferSettingsOf } from "./transfer-settings.ts";

const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

const transfer = {
  name: "For the agency",
  message: null,
  expires_at: "2026-12-09T04:19:00.000Z",
  created_at: "2026-12-02T04:19:00.000Z",
  password_protected: true,
} as Transfer;

describe("a transfer's settings form", () => {
  it("sends nothing when nothing changed, blanks and surrounding spaces included", () => {
    process.env.TZ = "Europe/Berlin";
    const settings = transferSettingsOf(transfer);
    expect(changesOf(settings, transfer)).toBeNull();
    expect(changesOf({ ...settings, name: "  For the agency ", message: "   " }, transfer)).toBeNull();
  });

  it("sends only what changed: a cleared message as null, a new day as its last second", () => {
    process.env.TZ = "Europe/Berlin";
    const settings = transferSettingsOf(transfer);
    expect(changesOf({ ...settings, name: "Logos", expiresOn: "2026-12-20" }, transfer)).toEqual({
      name: "Logos",
      expires_at: "2026-12-20T22:59:59.000Z",
    });
    expect(changesOf(settings, { ...transfer, message: "Hello" })).toEqual({ message: null });
  });

  it("sets a new password, or removes it when asked and none is typed", () => {
    const settings = transferSettingsOf(transfer);
    expect(changesOf({ ...settings, password: "s3cret" }, transfer)).toEqual({ password: "s3cret" });
    expect(changesOf({ ...settings, removePassword: true }, transfer)).toEqual({ password: null });
  });

  it("offers days up to the last one that ends within 30 days of the creation", () => {
    process.env.TZ = "Europe/Berlin";
    // Created 05:19 Berlin time: 30 days later is 2027-01-01 05:19, so 2026-12-31 is the last whole day.
    expect(lastExpiryDay(transfer)).toBe("2026-12-31");
    process.env.TZ = "UTC";
    expect(lastExpiryDay({ created_at: "2026-12-02T00:00:00.000Z" })).toBe("2026-12-31");
  });
});
