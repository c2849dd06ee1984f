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
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(toIssues(result.error, location));
}

export function toIssues(error: z.ZodError, location: InputLocation): ValidationIssue[] {
  return error.issues.flatMap((issue): ValidationIssue[] => {
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
    return [{ param: base || location, message: issue.message }];
  });
}
