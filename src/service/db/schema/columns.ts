import { timestamp } from "drizzle-orm/pg-core";

/** Every timestamp is stored with time zone and millisecond precision, matching the API's format. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });
export const createdAt = () => ts("created_at").notNull().defaultNow();
export const updatedAt = () => ts("updated_at").notNull().defaultNow();
