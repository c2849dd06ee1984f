import type { z } from "zod";
import type { ValidationIssue } from "../../contract/errors.ts";
import { validationError } from "./errors.ts";

export type InputLocation = "path" | "query" | "body";

/** Parses one part of a request with its contract schema; every problem becomes a `details.errors` entry. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  location: InputLocation,
): z.output<T> {
  // `reportInput` lets a wrong type be told apart from a missing value; the input never reaches the answer.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  throw validationError(toIssues(result.error, location));
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
