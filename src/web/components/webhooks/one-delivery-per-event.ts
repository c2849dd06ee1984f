import type { Delivery } from "../../../contract/webhooks.ts";

/**
 * The deliveries to redeliver for a selection: one per event, the newest. A chain's retries are rows of their own,
 * so a selection often holds several attempts of one event, and each redelivery sends its event again.
 */
export function oneDeliveryPerEvent(selected: Delivery[]): Delivery[] {
  const byEvent = new Map<string, Delivery>();
  for (const delivery of selected) {
    const kept = byEvent.get(delivery.event_id);
    if (!kept || delivery.created_at > kept.created_at) byEvent.set(delivery.event_id, delivery);
  }
  return [...byEvent.values()];
}
