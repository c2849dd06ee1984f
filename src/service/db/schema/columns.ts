import { sql } from "drizzle-orm";
import { customType } from "drizzle-orm/pg-core";

/**
 * A `timestamptz` as the database writes it (`2026-03-01 09:30:00.123+00`) in the ISO form `Date` reads exactly:
 * given the text as it is, `Date`'s lenient parser reads a year below 100 as 19xx or 20xx (`0049-…` as 2049), which
 * Drizzle's own `timestamp` column does. Anything else (`infinity`, BC dates) is left to that parser.
 */
export function parseTimestamptz(text: string): Date {
  const iso = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:\d\d)?$/.test(text)
    ? text.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00")
    : text;
  return new Date(iso);
}

/**
 * Every timestamp is stored with time zone and millisecond precision, matching the API's format. The SQL type is
 * the one Drizzle's `timestamp(…, { withTimezone: true, precision: 3 })` declares, so the migrations are unchanged.
 */
const timestamptz = customType<{ data: Date; driverData: string }>({
  dataType: () => "timestamp (3) with time zone",
  fromDriver: (value) => (typeof value === "string" ? parseTimestamptz(value) : new Date(value)),
  toDriver: (value) => value.toISOString(),
});

export const ts = (name: string) => timestamptz(name);
/** The default of a timestamp set when its row is written. */
export const NOW = sql`now()`;
export const createdAt = () => ts("created_at").notNull().default(NOW);
export const updatedAt = () => ts("updated_at").notNull().default(NOW);
