import { describe, expect, it } from "vitest";
import type { ApiCall } from "./http-client.ts";
import { counterChange } from "./usage-counter.ts";

/** A stand-in for `GET /v1/usage` answering one reading after another. */
function readings(...downloads: { used: number; resets_at: string }[]): ApiCall {
  let next = 0;
  const call = async () => ({
    status: 200,
    headers: new Headers(),
    text: "",
    body: { downloads: downloads[next++] },
  });
  return call as unknown as ApiCall;
}

describe("counterChange", () => {
  it("gives the change within one window", async () => {
    let acts = 0;
    const central = readings({ used: 33, resets_at: "22:00" }, { used: 34, resets_at: "22:00" });
    const { change, before } = await counterChange(central, "downloads", async () => acts++);
    expect({ change, before, acts }).toEqual({ change: 1, before: 33, acts: 1 });
  });

  it("acts again when the window ended between the readings", async () => {
    let acts = 0;
    const central = readings(
      { used: 33, resets_at: "21:00" },
      { used: 0, resets_at: "22:00" },
      { used: 0, resets_at: "22:00" },
      { used: 1, resets_at: "22:00" },
    );
    const { change, before } = await counterChange(central, "downloads", async () => acts++);
    expect({ change, before, acts }).toEqual({ change: 1, before: 0, acts: 2 });
  });
});
