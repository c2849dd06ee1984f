import { boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { brandspaces, users } from "./tenancy.ts";

/** Libraries; content tables hang off them. Visibility: `libraries.manage_all` or a grant. */
export const libraries = pgTable(
  "libraries",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    createdById: text("created_by_id").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("libraries_brandspace").on(t.brandspaceId, t.createdAt, t.id)],
);

export const libraryGrants = pgTable(
  "library_grants",
  {
    libraryId: text("library_id")
      .notNull()
      .references(() => libraries.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    access: text("access").$type<"view" | "comment" | "edit" | "manage">().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.libraryId, t.userId] }), index("library_grants_user").on(t.userId)],
);

/** Boards; visibility: `boards.manage_all` or a grant. */
export const boards = pgTable(
  "boards",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    emoji: text("emoji"),
    logoUrl: text("logo_url"),
    pinned: boolean("pinned").notNull().default(false),
    position: integer("position").notNull(),
    createdById: text("created_by_id").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("boards_brandspace").on(t.brandspaceId, t.position)],
);

export const boardGrants = pgTable(
  "board_grants",
  {
    boardId: text("board_id")
      .notNull()
      .references(() => boards.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    access: text("access").$type<"view" | "comment" | "edit" | "manage">().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.userId] }), index("board_grants_user").on(t.userId)],
);
