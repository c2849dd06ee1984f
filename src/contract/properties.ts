import { z } from "zod";
import { HexColor, Id, Timestamp } from "./common.ts";
import { PROPERTY_TYPES, type PropertyType } from "./files.ts";
import { displayName } from "./item-name.ts";

export const PROPERTY_SCOPES = ["brandspace", "board"] as const;
export const SELECTION_MODES = ["single", "multiple"] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];

/** Limits of the decisions we took beyond the specification (docs/api.md). */
export const PROPERTY_LIMITS = {
  nameLength: 100,
  labelLength: 100,
  optionsPerProperty: 200,
  propertiesPerScope: 100,
} as const;

/** Types whose values name options; the others take no options. */
export const OPTION_TYPES = ["status", "multi_tag", "tag"] as const satisfies readonly PropertyType[];

/** The selection modes each type allows; the first is its default. Only `tag` lets the creator choose. */
export const SELECTION_MODES_OF: Record<PropertyType, readonly SelectionMode[]> = {
  status: ["single"],
  person: ["single"],
  date: ["single"],
  checkbox: ["single"],
  text: ["single"],
  multi_tag: ["multiple"],
  tag: ["multiple", "single"],
};

export const Option = z
  .object({
    object: z.literal("option"),
    id: Id,
    label: z.string(),
    color: z.string().meta({ description: "Hex colour, e.g. `#1a2b3c`." }),
    hidden: z.boolean(),
    position: z.number().int(),
  })
  .meta({ id: "Option" });
export type Option = z.infer<typeof Option>;

export const Property = z
  .object({
    object: z.literal("property"),
    id: Id,
    scope: z.enum(PROPERTY_SCOPES),
    board_id: Id.nullable(),
    name: z.string(),
    type: z.enum(PROPERTY_TYPES),
    selection_mode: z.enum(SELECTION_MODES),
    hidden: z.boolean().meta({ description: "Hidden properties keep their values but take no new ones." }),
    options: z.array(Option),
    position: z.number().int(),
    value_count: z
      .number()
      .int()
      .meta({ description: "How many files hold a value of this property (what deleting it clears)." }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "Property" });
export type Property = z.infer<typeof Property>;

const Name = displayName(PROPERTY_LIMITS.nameLength);
const Label = displayName(PROPERTY_LIMITS.labelLength);
const Position = z.number().int("must be an integer").min(0, "must be 0 or more").max(1_000_000);

const NewOption = z.strictObject({ label: Label, color: HexColor.optional() });

export const CreatePropertyBody = z
  .strictObject({
    name: Name,
    type: z.enum(PROPERTY_TYPES),
    selection_mode: z.enum(SELECTION_MODES).optional(),
    options: z
      .array(NewOption)
      .max(
        PROPERTY_LIMITS.optionsPerProperty,
        `must have at most ${PROPERTY_LIMITS.optionsPerProperty} options`,
      )
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.selection_mode && !SELECTION_MODES_OF[body.type].includes(body.selection_mode)) {
      ctx.addIssue({
        code: "custom",
        path: ["selection_mode"],
        message: `must be ${SELECTION_MODES_OF[body.type].join(" or ")} for a ${body.type} property`,
      });
    }
    if (body.options?.length && !(OPTION_TYPES as readonly string[]).includes(body.type)) {
      ctx.addIssue({
        code: "custom",
        path: ["options"],
        message: `only ${OPTION_TYPES.join(", ")} properties have options`,
      });
    }
  });
export type CreatePropertyBody = z.infer<typeof CreatePropertyBody>;

/** The type never changes: sending `type` is a 400 that says so, not an unknown-field error. */
export const UpdatePropertyBody = z
  .strictObject({
    name: Name.optional(),
    position: Position.optional(),
    selection_mode: z.enum(SELECTION_MODES).optional(),
    hidden: z.boolean().optional(),
    type: z.never("the type of a property never changes").optional(),
  })
  .refine(
    (b) =>
      b.name !== undefined ||
      b.position !== undefined ||
      b.selection_mode !== undefined ||
      b.hidden !== undefined,
    { message: "send name, position, selection_mode or hidden" },
  );
export type UpdatePropertyBody = z.infer<typeof UpdatePropertyBody>;

export const CreateOptionBody = z.strictObject({
  label: Label,
  color: HexColor.optional(),
  hidden: z.boolean().optional(),
  position: Position.optional(),
});
export type CreateOptionBody = z.infer<typeof CreateOptionBody>;

export const UpdateOptionBody = z
  .strictObject({
    label: Label.optional(),
    color: HexColor.optional(),
    hidden: z.boolean().optional(),
    position: Position.optional(),
  })
  .refine(
    (b) =>
      b.label !== undefined || b.color !== undefined || b.hidden !== undefined || b.position !== undefined,
    { message: "send label, color, hidden or position" },
  );
export type UpdateOptionBody = z.infer<typeof UpdateOptionBody>;
