import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boards } from "./access.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { files } from "./content.ts";
import { brandspaces } from "./tenancy.ts";

export const PROPERTY_TYPES = ["status", "person", "date", "checkbox", "text", "multi_tag", "tag"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Brandspace-wide properties (board_id null) and board properties. */
export const properties = pgTable(
  "properties",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    boardId: text("board_id").references(() => boards.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").$type<PropertyType>().notNull(),
    selectionMode: text("selection_mode").$type<"single" | "multiple">().notNull(),
    position: integer("position").notNull(),
    /** Hidden properties keep their values and take no new ones. */
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("properties_scope").on(t.brandspaceId, t.boardId, t.position)],
);

export const propertyOptions = pgTable(
  "property_options",
  {
    id: text("id").primaryKey(),
    propertyId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    color: text("color").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    position: integer("position").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("property_options_property").on(t.propertyId, t.position)],
);

/**
 * A file's value for one property. `value` holds the API shape of the type (e.g. `{option_id}` for status);
 * `board_id` is set for board properties, whose values live per board membership.
 */
export const propertyValues = pgTable(
  "property_values",
  {
    fileId: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    propertyId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    brandspaceId: text("brandspace_id").notNull(),
    value: jsonb("value").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("property_values_file_property").on(t.fileId, t.propertyId),
    index("property_values_property").on(t.propertyId),
  ],
);
