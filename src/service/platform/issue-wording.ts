import type { z } from "zod";

/**
 * Our wording for zod's own messages ("Too small: expected number to be >=0"), in the voice of the messages the
 * contract writes itself ("must be at least 0"). A message a schema chose is kept as it is: zod's own start with a
 * capital ("Too", "Invalid"), ours never do.
 */
/** The issues a required field that was not sent raises: of the wrong type, or none of the allowed values. */
const MISSING_CODES = new Set(["invalid_type", "invalid_value", "invalid_union"]);

export function plainMessage(issue: z.core.$ZodIssue): string {
  // A missing value is told apart from a wrong one (`reportInput` keeps the input on the issue).
  if (MISSING_CODES.has(issue.code) && "input" in issue && issue.input === undefined) return "is required";
  if (!/^(Too |Invalid)/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case "too_small":
      return boundMessage("at least", issue.origin, Number(issue.minimum), issue.inclusive !== false, true);
    case "too_big":
      return boundMessage("at most", issue.origin, Number(issue.maximum), issue.inclusive !== false, false);
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${show(issue.values[0])}`
        : `must be one of ${issue.values.map(show).join(", ")}`;
    case "invalid_format":
      return FORMATS[issue.format] ?? "is not in the expected format";
    case "invalid_union":
      return "is not any of the accepted forms";
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    default:
      return "is not valid";
  }
}

function boundMessage(
  side: "at least" | "at most",
  origin: string,
  bound: number,
  inclusive: boolean,
  lower: boolean,
): string {
  if (origin === "string") {
    if (lower && bound === 1) return "must not be empty";
    return `must be ${side} ${bound} character${bound === 1 ? "" : "s"} long`;
  }
  if (origin === "array" || origin === "set") {
    if (lower && bound === 1) return "must not be empty";
    return `must have ${side} ${bound} item${bound === 1 ? "" : "s"}`;
  }
  if (!inclusive) return `must be ${lower ? "greater" : "less"} than ${bound}`;
  return `must be ${side} ${bound}`;
}

const FORMATS: Record<string, string> = {
  datetime: "must be an ISO 8601 date and time (2026-03-01T09:30:00Z)",
  date: "must be a date (2026-03-01)",
  email: "must be an email address",
  url: "must be a URL",
  regex: "is not in the expected format",
};

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  array: "an array",
  object: "an object",
  null: "null",
  date: "a date",
  bigint: "an integer",
};

const show = (value: unknown) => (typeof value === "string" ? `"${value}"` : String(value));
