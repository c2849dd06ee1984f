import { z } from "zod";
import { ACCESS_LEVELS } from "../../contract/permissions.ts";
import { ScopeSchema } from "../../contract/scopes.ts";

const brandspace = z.string().min(1).optional();
const email = z.email();
const target = z.strictObject({ type: z.enum(["library", "board"]), id: z.string().min(1) });

/** One parsed admin command: what `npm run admin` sends to the running service, validated again there. */
export const AdminCommand = z.discriminatedUnion("command", [
  z.strictObject({
    command: z.literal("keys create"),
    brandspace,
    user: email,
    scopes: z.array(ScopeSchema).min(1),
    name: z.string().min(1).max(255),
    legacy: z.boolean(),
  }),
  z.strictObject({ command: z.literal("keys list"), brandspace }),
  z.strictObject({ command: z.literal("keys revoke"), brandspace, keyId: z.string().min(1) }),
  z.strictObject({
    command: z.literal("members add"),
    brandspace,
    email,
    name: z.string().min(1).max(255).optional(),
    role: z.string().min(1),
  }),
  z.strictObject({ command: z.literal("members remove"), brandspace, email }),
  z.strictObject({ command: z.literal("members set-role"), brandspace, email, role: z.string().min(1) }),
  z.strictObject({
    command: z.literal("access grant"),
    brandspace,
    email,
    target,
    level: z.enum(ACCESS_LEVELS),
  }),
  z.strictObject({ command: z.literal("access revoke"), brandspace, email, target }),
  z.strictObject({ command: z.literal("access list"), brandspace, email: email.optional() }),
  z.strictObject({ command: z.literal("backup"), brandspace, to: z.string().min(1) }),
  z.strictObject({
    command: z.literal("restore"),
    brandspace,
    from: z.string().min(1),
    replace: z.boolean(),
  }),
  z.strictObject({
    command: z.literal("seed"),
    brandspace,
    files: z.coerce.number().int().min(1).max(10_000_000),
    flat: z.boolean(),
  }),
]);
export type AdminCommand = z.infer<typeof AdminCommand>;

/** What a command printed and how it ended, whether it ran here or inside the running service. */
export const CommandResult = z.object({
  stdout: z.string(),
  stderr: z.string(),
  exitCode: z.number().int(),
});
export type CommandResult = z.infer<typeof CommandResult>;

/** Exit codes: 2 for a command that cannot be right (usage), 1 for one that failed. */
export const EXIT_USAGE = 2;
export const EXIT_FAILURE = 1;

export const succeeded = (stdout: string, stderr = ""): CommandResult => ({ stdout, stderr, exitCode: 0 });
export const failed = (message: string, exitCode = EXIT_FAILURE): CommandResult => ({
  stdout: "",
  stderr: `${message}\n`,
  exitCode,
});
