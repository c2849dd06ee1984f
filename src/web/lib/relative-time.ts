const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1_000],
];
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "3 minutes ago", "in 2 hours": the largest unit that fits, relative to `now`. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const delta = new Date(iso).getTime() - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(delta) >= size || unit === "second") {
      return relative.format(Math.round(delta / size), unit);
    }
  }
  return relative.format(0, "second");
}

/** A timestamp as a local date and time, for tooltips and detail views. */
export function formatDateTime(iso: string): string {
  return absolute.format(new Date(iso));
}
