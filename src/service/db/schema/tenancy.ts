import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns.ts";

export const brandspaces = pgTable("brandspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  region: text("region").notNull(),
  plan: text("plan").notNull().default("standard"),
  createdAt: createdAt(),
});

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

export const roles = pgTable(
  "roles",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    permissions: jsonb("permissions").$type<string[]>().notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("roles_brandspace_slug").on(t.brandspaceId, t.slug)],
);

export const members = pgTable(
  "members",
  {
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    roleId: text("role_id")
      .notNull()
      .references(() => roles.id),
    status: text("status").$type<"active" | "invited" | "deactivated">().notNull(),
    joinedAt: ts("joined_at"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.brandspaceId, t.userId] })],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    /** The first characters of the secret, shown to people and used to find candidates before the hash compare. */
    lookup: text("lookup").notNull(),
    /** SHA-256 of the whole key, hex. The key itself is never stored. */
    secretHash: text("secret_hash").notNull(),
    /** Region segment minted into the key; null for a legacy key, which means `us`. */
    region: text("region"),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [index("api_keys_lookup").on(t.lookup), index("api_keys_brandspace").on(t.brandspaceId)],
);
