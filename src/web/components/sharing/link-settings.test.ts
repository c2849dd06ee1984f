import { afterEach, describe, expect, it } from "vitest";
import { endOfLocalDay, localDayOf } from "./link-settings.tsx";

const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

describe("a shared link's expiry day", () => {
  it("lasts until the end of the chosen day where the user is", () => {
    process.env.TZ = "Pacific/Auckland";
    expect(endOfLocalDay("2026-12-20")).toBe("2026-12-20T10:59:59.000Z");
    expect(localDayOf("2026-12-20T10:59:59.000Z")).toBe("2026-12-20");
    process.env.TZ = "America/Los_Angeles";
    expect(endOfLocalDay("2026-12-20")).toBe("2026-12-21T07:59:59.000Z");
    expect(localDayOf("2026-12-21T07:59:59.000Z")).toBe("2026-12-20");
  });
});
