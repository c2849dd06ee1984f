import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "./service/server/service-process.testing.ts";

const CACHE_DIR = fileURLToPath(new URL("../node_modules/.cache/brandspace-bundles/", import.meta.url));

let dir: string;
let entry: string;
let dependency: string;

const writeDependency = (word: string) =>
  writeFile(dependency, `export const word: string = "${word}";\nexport const ownUrl = import.meta.url;\n`);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "bs-run-bundled-"));
  entry = path.join(dir, "entry.ts");
  dependency = path.join(dir, "lib", "dependency.ts");
  await mkdir(path.join(dir, "lib"));
  await writeFile(path.join(dir, "lib", "beside.txt"), "found beside the entry");
  await writeDependency("one");
  await writeFile(
    entry,
    `import { readFileSync } from "node:fs";
import { z } from "zod";
import { ownUrl, word } from "./lib/dependency.ts";

const beside = readFileSync(new URL("./lib/beside.txt", import.meta.url), "utf8");
const parsed: number = z.number().parse(3);
console.log(JSON.stringify({ argv: process.argv.slice(1), word, ownUrl, beside, parsed }));
process.exitCode = Number(process.argv[2] ?? 0);
`,
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  const name = path.basename(dir);
  const built = (await readdir(CACHE_DIR).catch(() => [])).filter((file) => file.includes(name));
  await Promise.all(built.map((file) => rm(path.join(CACHE_DIR, file), { force: true })));
});

const run = async (args: string[]) => {
  const { stdout, stderr, exitCode } = await runScript(entry, args, {});
  expect(stderr).toBe("");
  return { exitCode, printed: JSON.parse(stdout) };
};

describe("src/run-bundled.mjs", () => {
  it("runs an entry as from source: its arguments, each module's own import.meta.url, packages, exit code", async () => {
    const { exitCode, printed } = await run(["7", "--flag"]);
    expect(exitCode).toBe(7);
    expect(printed).toEqual({
      argv: [entry, "7", "--flag"],
      word: "one",
      ownUrl: pathToFileURL(dependency).href,
      beside: "found beside the entry",
      parsed: 3,
    });
  });

  it("builds the bundle again when a source it was built from changes, and only then", async () => {
    await run(["0"]);
    const name = (await readdir(CACHE_DIR)).find(
      (file) => file.includes(path.basename(dir)) && file.endsWith(".mjs"),
    );
    const bundle = path.join(CACHE_DIR, name!);
    const builtAt = (await stat(bundle)).mtimeMs;
    expect((await run(["0"])).printed.word).toBe("one");
    expect((await stat(bundle)).mtimeMs).toBe(builtAt);
    await writeDependency("two");
    expect((await run(["0"])).printed.word).toBe("two");
    expect((await stat(bundle)).mtimeMs).not.toBe(builtAt);
  });
});
