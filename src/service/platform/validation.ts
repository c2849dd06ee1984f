import type { z } from "zod";
import { OVER_LIMIT } from "../../contract/common.ts";
import type { ValidationIssue } from "../../contract/errors.ts";
import { ApiError, describeIssues, validationError } from "./errors.ts";

export type InputLocation = "path" | "query" | "body";

/** Parses one part of a request with its contract schema; every problem becomes a `details.errors` entry. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  location: InputLocation,
): z.output<T> {
  const nul = pathToNul(value);
  if (nul !== null) {
    throw validationError([{ param: nul || location, message: "must not contain NUL characters" }]);
  }
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
    if (issue.code === "invalid_type" && issue.input === undefined) {
      return [{ param: base || location, message: "is required" }];
    }
    if (issue.code === "invalid_type" && issue.message.startsWith("Invalid input")) {
      return [
        { param: base || location, message: `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}` },
      ];
    }
    return [{ param: base || location, message: issue.message }];
  });
  if (issues.length <= MAX_REPORTED_ISSUES) return issues;
  return [
    ...issues.slice(0, MAX_REPORTED_ISSUES),
    { param: location, message: `and ${issues.length - MAX_REPORTED_ISSUES} more problems` },
  ];
}

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

/**
 * The path of the first string (value or key) holding a NUL character, or null. PostgreSQL text cannot hold
 * one, so it is refused here for every operation instead of failing in the database. Iterative: a deeply
 * nested body cannot overflow the stack.
 */
export function pathToNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return path;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => {
        stack.push([element, path ? `${path}.${index}` : String(index)]);
      });
    } else if (item !== null && typeof item === "object") {
      for (const [key, element] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes("\u0000")) return at;
        stack.push([element, at]);
      }
    }
  }
  return null;
}
