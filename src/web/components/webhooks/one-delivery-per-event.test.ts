import { describe, expect, it } from "vitest";
import type { Delivery } from "../../../contract/webhooks.ts";
import { oneDeliveryPerEvent } from "./one-delivery-per-event.ts";

const delivery = (id: string, eventId: string, createdAt: string) =>
  ({ id, event_id: eventId, created_at: createdAt }) as Delivery;

describe("oneDeliveryPerEvent", () => {
  it("keeps the newest attempt of each event, so that an event is sent again once", () => {
    const picked = oneDeliveryPerEvent([
      delivery("dlv_1", "evt_a", "2026-11-29T10:00:00.000Z"),
      delivery("dlv_2", "evt_a", "2026-11-29T10:00:05.000Z"),
      delivery("dlv_3", "evt_b", "2026-11-29T10:00:01.000Z"),
      delivery("dlv_4", "evt_a", "2026-11-29T10:00:02.000Z"),
    ]);
    expect(picked.map((d) => d.id)).toEqual(["dlv_2", "dlv_3"]);
  });
});
