import { z } from "zod";
import { DateOrDayInput } from "../../contract/common.ts";
import type { Db } from "../db/client.ts";
import type { PropertyType } from "../db/schema/properties.ts";
import { memberIdsAmong } from "../members/members.repository.ts";
import { conflict, validationError } from "../platform/errors.ts";
import { plainMessage } from "../platform/issue-wording.ts";
import { optionsOf, type PropertyDefinition } from "./property-values.repository.ts";

const OptionRef = z.strictObject({ option_id: z.string() });
const VALUE_SCHEMAS: Record<PropertyType, z.ZodType> = {
  status: OptionRef,
  person: z.strictObject({ user_id: z.string() }),
  date: z.strictObject({ start: DateOrDayInput }),
  checkbox: z.boolean(),
  text: z.string().max(10_000, "must be at most 10,000 characters"),
  multi_tag: z.array(OptionRef).max(500),
  tag: z.array(OptionRef).max(500),
};

/** What each type's value looks like, for the message of a value that is not one. */
const VALUE_SHAPES: Record<PropertyType, string> = {
  status: "{option_id}",
  person: "{user_id}",
  date: "{start}, a timestamp or a calendar day",
  checkbox: "true or false",
  text: "a string",
  multi_tag: "an array of at most 500 {option_id}",
  tag: "an array of at most 500 {option_id}",
};

/**
 * Validates a value against its property's type and options and returns it in its stored (API) shape, or null
 * to clear (as are an empty tag list and a text of only spaces). Option ids must belong to the property, and a
 * hidden option takes no new files (409); people must be members of the brandspace. What the file holds already
 * (`held`, in the stored shape) stays valid: a retried write of it changes nothing, even after its option was
 * hidden or its person left.
 */
export async function normalizePropertyValue(
  db: Db,
  property: PropertyDefinition,
  value: unknown,
  held: unknown | null,
): Promise<unknown | null> {
  if (value === null) return null;
  const parsed = VALUE_SCHEMAS[property.type].safeParse(value, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [param, message] =
      issue.code === "unrecognized_keys"
        ? [[...issue.path, issue.keys[0]!], "is not a field of this value"]
        : [issue.path, plainMessage(issue)];
    throw validationError([
      {
        param: ["value", ...param].join("."),
        message: `${message} (a ${property.type} value is ${VALUE_SHAPES[property.type]})`,
      },
    ]);
  }
  const data = parsed.data as never;
  switch (property.type) {
    case "status":
      await requireOptions(db, property.id, [(data as { option_id: string }).option_id], held);
      return data;
    case "multi_tag":
    case "tag": {
      const ids = [...new Set((data as { option_id: string }[]).map((o) => o.option_id))];
      if (property.type === "tag" && property.selectionMode === "single" && ids.length > 1) {
        throw validationError([{ param: "value", message: "this tag property holds at most one option" }]);
      }
      await requireOptions(db, property.id, ids, held);
      // An empty list is no value: cleared, as the last option's removal clears it.
      return ids.length === 0 ? null : ids.map((option_id) => ({ option_id }));
    }
    case "person": {
      const userId = (data as { user_id: string }).user_id;
      const holds = (held as { user_id?: string } | null)?.user_id === userId;
      if (!holds && !(await memberIdsAmong(db, property.brandspaceId, [userId])).has(userId))
        throw validationError([{ param: "value.user_id", message: "is not a member of this brandspace" }]);
      return data;
    }
    case "date":
      return { start: new Date((data as { start: string }).start).toISOString() };
    case "text":
      // Nothing to read is no value: cleared, so that `is_empty` finds it.
      return (data as string).trim() === "" ? null : data;
    default:
      return data;
  }
}

async function requireOptions(db: Db, propertyId: string, optionIds: string[], held: unknown | null) {
  const options = await optionsOf(db, propertyId);
  const unknown = optionIds.filter((id) => !options.has(id));
  if (unknown.length > 0) {
    throw validationError([
      { param: "value", message: `unknown option ${unknown.join(", ")} for this property` },
    ]);
  }
  const heldIds = new Set(optionIdsIn(held));
  const hidden = optionIds.filter((id) => options.get(id)!.hidden && !heldIds.has(id));
  if (hidden.length > 0) {
    throw conflict(`Option ${hidden.join(", ")} is hidden: it takes no new files.`);
  }
}

/** The option ids of a stored status or tag value. */
function optionIdsIn(held: unknown | null): string[] {
  if (Array.isArray(held)) return held.map((o: { option_id: string }) => o.option_id);
  const single = (held as { option_id?: string } | null)?.option_id;
  return single ? [single] : [];
}
