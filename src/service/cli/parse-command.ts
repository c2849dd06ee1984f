import path from "node:path";
import { parseArgs } from "node:util";
import { ALL_SCOPES, parseScopeList } from "../../contract/scopes.ts";
import { AdminCommand } from "./admin-command.ts";

export type ParsedArgv =
  | { kind: "help" }
  | { kind: "command"; command: AdminCommand }
  | { kind: "usage"; message: string };

type Values = Record<string, string | boolean | undefined>;
type OptionType = { type: "string" | "boolean" };

interface CommandSpec {
  options: Record<string, OptionType>;
  required: string[];
  /** The name of the one positional argument, when the command takes one. */
  positional?: string;
  build(values: Values, positional: string | undefined): Record<string, unknown>;
}

class UsageError extends Error {}

const ONE_WORD = new Set(["seed", "backup", "restore"]);

const text: OptionType = { type: "string" };
const flag: OptionType = { type: "boolean" };

const SPECS: Record<AdminCommand["command"], CommandSpec> = {
  "keys create": {
    options: { user: text, scopes: text, name: text, legacy: flag },
    required: ["user", "scopes", "name"],
    build: (v) => ({
      user: v.user,
      scopes: scopesOf(String(v.scopes)),
      name: v.name,
      legacy: v.legacy ?? false,
    }),
  },
  "keys list": { options: {}, required: [], build: () => ({}) },
  "keys revoke": { options: {}, required: [], positional: "id", build: (_, id) => ({ keyId: id }) },
  "members add": {
    options: { email: text, name: text, role: text },
    required: ["email", "role"],
    build: (v) => ({ email: v.email, name: v.name, role: v.role }),
  },
  "members remove": { options: { email: text }, required: ["email"], build: (v) => ({ email: v.email }) },
  seed: {
    options: { files: text, flat: flag },
    required: ["files"],
    build: (v) => ({ files: v.files, flat: v.flat ?? false }),
  },
  backup: {
    options: { to: text },
    required: ["to"],
    // The running service may have another working directory: the path goes to it absolute.
    build: (v) => ({ to: path.resolve(String(v.to)) }),
  },
  restore: {
    options: { from: text, replace: flag },
    required: ["from"],
    build: (v) => ({ from: path.resolve(String(v.from)), replace: v.replace ?? false }),
  },
  "access grant": {
    options: { email: text, library: text, board: text, level: text },
    required: ["email", "level"],
    build: (v) => ({ email: v.email, target: targetOf(v), level: v.level }),
  },
  "access revoke": {
    options: { email: text, library: text, board: text },
    required: ["email"],
    build: (v) => ({ email: v.email, target: targetOf(v) }),
  },
  "access list": { options: { email: text }, required: [], build: (v) => ({ email: v.email }) },
  "members set-role": {
    options: { email: text, role: text },
    required: ["email", "role"],
    build: (v) => ({ email: v.email, role: v.role }),
  },
};

/** Turns the words after `npm run admin --` into a validated command, a request for help, or a usage error. */
export function parseAdminArgv(argv: string[]): ParsedArgv {
  const [group, action] = argv;
  if (group === undefined) return { kind: "usage", message: "No command given." };
  if (group === "help" || group === "--help" || group === "-h") return { kind: "help" };
  // `seed`, `backup` and `restore` are one-word commands; the others are `<group> <action>`.
  const oneWord = ONE_WORD.has(group);
  const name = oneWord ? group : `${group} ${action ?? ""}`.trim();
  const spec = SPECS[name as AdminCommand["command"]];
  if (!spec) return { kind: "usage", message: `Unknown command "${name}".` };
  try {
    return parseCommand(name, spec, argv.slice(oneWord ? 1 : 2));
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      return { kind: "usage", message: `${name}: ${(error as Error).message}` };
    }
    throw error;
  }
}

function parseCommand(name: string, spec: CommandSpec, args: string[]): ParsedArgv {
  const { values: parsed, positionals } = parseArgs({
    args,
    options: { ...spec.options, brandspace: text, help: { type: "boolean", short: "h" } },
    allowPositionals: spec.positional !== undefined,
    strict: true,
  });
  const values = parsed as Values;
  if (values.help) return { kind: "help" };
  const missing = spec.required.filter((option) => values[option] === undefined);
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((m) => `--${m}`).join(", ")}.`);
  if (spec.positional && positionals.length !== 1) throw new UsageError(`expects one <${spec.positional}>.`);
  const command = AdminCommand.safeParse({
    command: name,
    brandspace: values.brandspace,
    ...spec.build(values, positionals[0]),
  });
  if (!command.success) {
    const issue = command.error.issues[0]!;
    throw new UsageError(`--${String(issue.path[0])}: ${issue.message}.`);
  }
  return { kind: "command", command: command.data };
}

/** `--library <id>` or `--board <id>`: exactly one. */
function targetOf(values: Values) {
  const { library, board } = values;
  if ((library === undefined) === (board === undefined)) {
    throw new UsageError("name exactly one of --library <id> and --board <id>.");
  }
  return library !== undefined ? { type: "library", id: library } : { type: "board", id: board };
}

function scopesOf(list: string) {
  const { scopes, unknown } = parseScopeList(list);
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown scope${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}. ` +
        `Use all, or a comma list of: ${ALL_SCOPES.join(", ")}.`,
    );
  }
  if (scopes.length === 0) throw new UsageError("--scopes: name at least one scope, or all.");
  return scopes;
}

function isParseArgsError(error: unknown): boolean {
  return String((error as NodeJS.ErrnoException)?.code ?? "").startsWith("ERR_PARSE_ARGS_");
}
