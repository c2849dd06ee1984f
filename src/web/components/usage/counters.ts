import type { RateCounter } from "../../../contract/meta.ts";

export const COUNTERS: Record<RateCounter, { title: string; what: string }> = {
  sustained: { title: "API requests", what: "Every request, the dashboard's own included." },
  month: { title: "Monthly requests", what: "Every request this calendar month (UTC)." },
  search: { title: "Searches", what: "File listings with a search text." },
  uploads: { title: "Uploads and imports", what: "Uploads and imports started." },
  downloads: { title: "Downloads", what: "Download URLs issued and public downloads." },
};

const UNITS: Record<string, [string, string]> = {
  s: ["second", "seconds"],
  m: ["minute", "minutes"],
  h: ["hour", "hours"],
  d: ["day", "days"],
  mo: ["month", "months"],
};

/** A limit's window ("1m", "1mo") in words: "per minute", "per 5 minutes". */
export function perWindow(window: string): string {
  const match = /^(\d+)(mo|s|m|h|d)$/.exec(window);
  if (!match) return `per ${window}`;
  const [singular, plural] = UNITS[match[2]!]!;
  return match[1] === "1" ? `per ${singular}` : `per ${match[1]} ${plural}`;
}
