import { dateRange, type Finding, type Step } from "./query-findings.ts";

const DAY = 86_400_000;

const MONTHS: Record<string, number> = {};
[
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
].forEach((name, i) => {
  MONTHS[name] = i;
  MONTHS[name.slice(0, 3)] = i;
});
MONTHS.sept = 8;

interface Period {
  start: number;
  /** Exclusive. */
  end: number;
  consumed: number;
}

/** The bounds of a whole period: its end only when it is over. */
const within = (p: Period, now: number): Finding => ({
  consumed: p.consumed,
  created: dateRange(p.start, p.end > now ? null : p.end - 1),
});

/** "last 3 days", "past 2 weeks", "last 6 months", "last 1 year": from that long ago until now. */
export const recogniseLastN: Step = (tokens, at, { now }) => {
  const t = tokens[at];
  const next = tokens[at + 1];
  if ((t !== "last" && t !== "past") || !next || !/^\d+$/.test(next)) return null;
  const n = Number(next);
  const unit = tokens[at + 2]?.replace(/s$/, "");
  const today = startOfDay(now);
  const d = new Date(today);
  const start =
    unit === "day"
      ? today - n * DAY
      : unit === "week"
        ? today - n * 7 * DAY
        : unit === "month"
          ? shiftMonths(d, -n)
          : unit === "year"
            ? shiftMonths(d, -12 * n)
            : null;
  if (start === null || n <= 0 || n > 10_000) return null;
  return { consumed: 3, created: dateRange(start, null) };
};

/** since/from, after, before or in a date expression. */
export const recogniseDatePreposition: Step = (tokens, at, { now }) => {
  const t = tokens[at];
  if (t !== "since" && t !== "after" && t !== "before" && t !== "in" && t !== "from") return null;
  const p = matchPeriod(tokens, at + 1, now);
  if (!p) return null;
  const consumed = 1 + p.consumed;
  if (t === "since" || t === "from") return { consumed, created: dateRange(p.start, null) };
  if (t === "after") return { consumed, created: dateRange(p.end, null) };
  if (t === "before") return { consumed, created: dateRange(null, p.start - 1) };
  return within({ ...p, consumed }, now);
};

/** today, yesterday, this/last week, month or year. */
export const recogniseRelativePeriod: Step = (tokens, at, { now }) => {
  const relative = matchRelative(tokens, at, now);
  return relative ? within(relative, now) : null;
};

/** "<month> YYYY" or an ISO date on its own. */
export const recogniseDate: Step = (tokens, at, { now }) => {
  const dated = matchMonthYear(tokens, at) ?? matchIsoDate(tokens[at]!);
  return dated ? within(dated, now) : null;
};

/** A date expression after since/after/before/in/from: an ISO date, a month (and year), a year, or a relative period. */
function matchPeriod(tokens: string[], at: number, now: number): Period | null {
  const t = tokens[at];
  if (!t) return null;
  const iso = matchIsoDate(t);
  if (iso) return iso;
  const month = matchMonthYear(tokens, at);
  if (month) return month;
  if (t in MONTHS) {
    const nowDate = new Date(now);
    const m = MONTHS[t]!;
    const year = m <= nowDate.getUTCMonth() ? nowDate.getUTCFullYear() : nowDate.getUTCFullYear() - 1;
    return { start: Date.UTC(year, m, 1), end: Date.UTC(year, m + 1, 1), consumed: 1 };
  }
  if (/^(19|20)\d\d$/.test(t)) {
    const year = Number(t);
    return { start: Date.UTC(year, 0, 1), end: Date.UTC(year + 1, 0, 1), consumed: 1 };
  }
  return matchRelative(tokens, at, now);
}

/** "<month> YYYY". */
function matchMonthYear(tokens: string[], at: number): Period | null {
  const t = tokens[at] ?? "";
  const year = tokens[at + 1] ?? "";
  if (!(t in MONTHS) || !/^(19|20)\d\d$/.test(year)) return null;
  const m = MONTHS[t]!;
  const y = Number(year);
  return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1), consumed: 2 };
}

function matchIsoDate(t: string): Period | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (!match || Number(match[1]) < 1900) return null;
  const start = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const check = new Date(start);
  if (check.getUTCMonth() !== Number(match[2]) - 1 || check.getUTCDate() !== Number(match[3])) return null;
  return { start, end: start + DAY, consumed: 1 };
}

/** today, yesterday, this/last week (ISO, Monday start), this/last month, this/last year. */
function matchRelative(tokens: string[], at: number, now: number): Period | null {
  const t = tokens[at];
  const today = startOfDay(now);
  if (t === "today") return { start: today, end: today + DAY, consumed: 1 };
  if (t === "yesterday") return { start: today - DAY, end: today, consumed: 1 };
  if (t !== "this" && t !== "last" && t !== "past") return null;
  const back = t === "this" ? 0 : 1;
  const d = new Date(now);
  switch (tokens[at + 1]) {
    case "week": {
      const monday = today - ((d.getUTCDay() + 6) % 7) * DAY - back * 7 * DAY;
      return { start: monday, end: monday + 7 * DAY, consumed: 2 };
    }
    case "month": {
      const y = d.getUTCFullYear();
      const m = d.getUTCMonth() - back;
      return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1), consumed: 2 };
    }
    case "year": {
      const y = d.getUTCFullYear() - back;
      return { start: Date.UTC(y, 0, 1), end: Date.UTC(y + 1, 0, 1), consumed: 2 };
    }
    default:
      return null;
  }
}

function startOfDay(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** The same day `n` months away (clamped to the month's last day), at midnight UTC. */
function shiftMonths(d: Date, n: number): number {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + n;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last));
}
