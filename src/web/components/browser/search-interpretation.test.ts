import { describe, expect, it } from "vitest";
import { createdRange } from "./search-interpretation.tsx";

describe("createdRange", () => {
  it("shows the service's UTC days, both included, whatever the viewer's time zone", () => {
    const range = createdRange("2026-11-23T00:00:00.000Z", "2026-11-29T23:59:59.999Z");
    expect(range).toMatch(/23/);
    expect(range).toMatch(/29/);
    expect(range).not.toMatch(/22|30/);
    expect(createdRange("2026-03-01T00:00:00.000Z", null)).toMatch(/^since .*1/);
    expect(createdRange(null, "2026-03-31T23:59:59.999Z")).toMatch(/^until .*31/);
    expect(createdRange(null, null)).toBeNull();
  });
});
