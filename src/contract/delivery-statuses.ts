/** A delivery's states; apart from the schemas so that a screen can name them without loading those. */
export const DELIVERY_STATUSES = ["pending", "success", "failed", "exhausted", "parked"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
