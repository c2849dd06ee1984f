import { z } from "zod";
import { Id, Timestamp } from "./common.ts";
import { ACCESS_LEVELS } from "./permissions.ts";

/**
 * A member's access to a library or board (our extension: the specification makes grants in the app). Roles with
 * `libraries.manage_all` (`boards.manage_all`) see and manage everything without one.
 */
export const Grant = z
  .object({
    object: z.literal("grant"),
    user: z.object({ id: Id, name: z.string(), email: z.string() }),
    access: z.enum(ACCESS_LEVELS),
    created_at: Timestamp,
  })
  .meta({ id: "Grant" });
export type Grant = z.infer<typeof Grant>;

export const SetGrantBody = z.strictObject({ access: z.enum(ACCESS_LEVELS) });
