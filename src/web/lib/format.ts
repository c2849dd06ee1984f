/**
 * Every number, size, duration and date the dashboard shows goes through here, so one value reads the same on
 * every screen. Sizes are decimal (1 kB = 1,000 bytes), as the search box and the size filter read them and as
 * macOS Finder and most asset managers show them (docs/dashboard.md).
 */

const SIZE_UNITS = ["bytes", "kB", "MB", "GB", "TB"];

/** Bytes in decimal units: "912 bytes", "1.5 kB", "20 MB", "340 MB" (no decimal from 100 up). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  // 999.5 kB and up would round to "1000 kB": show it in the next unit.
  if (value >= 999.5 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const shown = value >= 100 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, "");
  return `${shown} ${SIZE_UNITS[unit]}`;
}

const numbers = new Intl.NumberFormat();

/** A count with the viewer's digit grouping: "12,345". */
export const formatCount = (n: number) => numbers.format(n);

/** A count with its noun: "1 file", "2,048 files". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** A media time, never ahead of the playhead: 0:07, 12:34, 1:02:03. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** Time left, rounded the way people say it: 8 s, 3 min, 1 h 20 min. */
export function formatSecondsLeft(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "1200x630" as "1200 × 630". */
export function formatResolution(resolution: string | null): string | null {
  return resolution ? resolution.replace("x", " × ") : null;
}

const date = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A local calendar date: "May 1, 2026". */
export const formatDate = (iso: string) => date.format(new Date(iso));
const utcDate = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });
/**
 * A calendar day as the service reads it, in UTC (not a day early west of it): "May 1, 2026". Takes a timestamp
 * or a bare day ("2026-05-01").
 */
export function formatUtcDate(isoOrDay: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoOrDay) ? `${isoOrDay}T00:00:00Z` : isoOrDay);
  return Number.isNaN(date.getTime()) ? isoOrDay : utcDate.format(date);
}

/** A local date and time, for tooltips and detail views: "May 1, 2026, 2:05 PM". */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
const preciseDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
/** To the second, where several things share a minute (a webhook's deliveries): "May 1, 2026, 2:05:09 PM". */
export const formatPreciseDateTime = (iso: string) => preciseDateTime.format(new Date(iso));

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1_000],
];
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

/**
 * "3 minutes ago", "in 2 hours", "yesterday": the largest unit that fits, relative to `now`. Days are counted
 * on the calendar, where the user is: 35 hours from Sunday 1 pm is Tuesday, "in 2 days", not "tomorrow".
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  const delta = at - now;
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(delta) < size) continue;
    if (unit === "day") return relative.format(calendarDaysBetween(now, at), "day");
    return relative.format(Math.round(delta / size), unit);
  }
  return relative.format(0, "second");
}

/** Local midnights from one instant's day to the other's (negative when `to` is earlier). */
function calendarDaysBetween(from: number, to: number): number {
  const midnight = (t: number) => {
    const d = new Date(t);
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  };
  return Math.round((midnight(to) - midnight(from)) / 86_400_000);
}
