const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** `30s`, `5m`, `2h`, `1d`, `250ms` → milliseconds; `mo` (calendar month) is handled by the rate limiter. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]);
  return value > 0 ? value * UNIT_MS[match[2]!]! : null;
}

/** A rate-limit window: a fixed duration, or `1mo` for the calendar month in UTC. */
export type Window = { kind: "fixed"; ms: number; text: string } | { kind: "month"; text: "1mo" };

export function parseWindow(text: string): Window | null {
  if (text.trim() === "1mo") return { kind: "month", text: "1mo" };
  const ms = parseDuration(text);
  return ms === null ? null : { kind: "fixed", ms, text: text.trim() };
}

/** The window containing `now`: its start and the moment it resets. */
export function windowBounds(window: Window, now: Date): { start: Date; end: Date } {
  if (window.kind === "month") {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    return { start, end };
  }
  const startMs = Math.floor(now.getTime() / window.ms) * window.ms;
  return { start: new Date(startMs), end: new Date(startMs + window.ms) };
}
