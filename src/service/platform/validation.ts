import type { z } from "zod";
import { OVER_LIMIT } from "../../contract/common.ts";
import type { ValidationIssue } from "../../contract/errors.ts";
import { ApiError, describeIssues, validationError } from "./errors.ts";
import { plainMessage } from "./issue-wording.ts";

export type InputLocation = "path" | "query" | "body";

/** Parses one part of a request with its contract schema; every problem becomes a `details.errors` entry. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  location: InputLocation,
): z.output<T> {
  const unstorable = firstUnstorableText(value);
  if (unstorable)
    throw validationError([{ param: unstorable.path || location, message: unstorable.message }]);
  // `reportInput` lets a wrong type be told apart from a missing value; the input never reaches the answer.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const errors = toIssues(result.error, location);
  if (result.error.issues.some(isOverLimit)) {
    throw new ApiError("payload_too_large", describeIssues(errors), { errors });
  }
  throw validationError(errors);
}

function isOverLimit(issue: z.core.$ZodIssue): boolean {
  return issue.code === "custom" && issue.params?.code === OVER_LIMIT.code;
}

/** A body of thousands of bad fields gets a bounded answer: the first issues and a count of the rest. */
export const MAX_REPORTED_ISSUES = 50;

export function toIssues(error: z.ZodError, location: InputLocation): ValidationIssue[] {
  const issues = error.issues.flatMap((issue): ValidationIssue[] => {
    const base = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        param: base ? `${base}.${key}` : key,
        message:
          location === "query" ? "is not a parameter of this operation" : "is not a field of this request",
      }));
    }
    // `?status=a&status=b` arrives as an array where one value is expected. A list parameter says so itself,
    // with the way to send several values.
    const oneExpected = issue.code === "invalid_type" || issue.code === "invalid_value";
    if (location === "query" && oneExpected && Array.isArray(issue.input)) {
      const ownWords = issue.message.startsWith("is repeated");
      return [{ param: base, message: ownWords ? issue.message : "is repeated: send it once" }];
    }
    return [{ param: base || location, message: plainMessage(issue) }];
  });
  if (issues.length <= MAX_REPORTED_ISSUES) return issues;
  return [
    ...issues.slice(0, MAX_REPORTED_ISSUES),
    { param: location, message: `and ${issues.length - MAX_REPORTED_ISSUES} more problems` },
  ];
}

/** In unicode mode a surrogate pair is one code point, so this matches only an unpaired half. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return "must not contain NUL characters";
  if (LONE_SURROGATE.test(text)) return "must not contain unpaired surrogates (\\ud800–\\udfff escapes)";
  return null;
}

/**
 * The first string (value or key) PostgreSQL text cannot hold as sent: a NUL character, or an unpaired surrogate
 * (a JSON `\\ud800` escape alone; it would be stored as U+FFFD). Refused here for every operation instead of
 * failing or changing in the database. Iterative: a deeply nested body cannot overflow the stack.
 */
export function firstUnstorableText(value: unknown): { path: string; message: string } | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === "string") {
      const message = textProblem(item);
      if (message) return { path, message };
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => {
        stack.push([element, path ? `${path}.${index}` : String(index)]);
      });
    } else if (item !== null && typeof item === "object") {
      for (const [key, element] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        const message = textProblem(key);
        if (message) return { path: at, message };
        stack.push([element, at]);
      }
    }
  }
  return null;
}

/**
 * The first parameter of a query string that is not valid percent-encoding (a `%` not followed by two hex digits,
 * or bytes that are not UTF-8, such as `%FF` or an encoded surrogate half), by name where the name itself decodes.
 * The query parser keeps such text as it came, so `q=%FF` would search for the three characters `%ff`.
 */
export function badlyEncodedParam(queryString: string): string | null {
  if (!queryString.includes("%")) return null;
  for (const pair of queryString.split("&")) {
    if (!pair.includes("%")) continue;
    const [name = "", ...rest] = pair.split("=");
    const decodedName = decodes(name);
    if (decodedName === null) return "query";
    if (decodes(rest.join("=")) === null) return decodedName;
  }
  return null;
}

function decodes(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return null;
  }
}
