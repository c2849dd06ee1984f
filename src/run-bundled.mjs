import { createHash } from "node:crypto";
import { access, mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * `node src/run-bundled.mjs <entry.ts> [args…]`: runs a TypeScript entry point (`npm start`, `npm run admin`)
 * from one bundled file of its sources, built with esbuild into node_modules/.cache when any of them changed.
 *
 * tsx loads each of the entry's ~650 modules through Node's module hooks, which on Node 20 run on another thread:
 * the service took 1.8 s to import that way, and 0.85 s from a bundle. Every start pays it: `npm start`, each
 * admin command, and the tests' service processes (the scale-out tests start four per test service). The packages
 * stay outside the bundle, loaded from node_modules as before; only our own sources are bundled. Each module's
 * `import.meta.url` keeps its own file's address, so that the files found beside it (migrations, worker threads,
 * package.json) are found as from source.
 */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "brandspace-bundles");
/**
 * Part of every bundle's fingerprint: a change to how bundles are built makes new ones. Read from esbuild's
 * package.json: importing esbuild itself took about 40 ms, which only a start that builds needs to pay.
 */
const BUILD_VERSION = `1 esbuild ${createRequire(import.meta.url)("esbuild/package.json").version}`;

/** The bundle of `entry`, built again when a source it was built from changed (or it was never built). */
async function freshBundle(entry) {
  const name = path.relative(ROOT, entry).replace(/[^\w.-]+/g, "_");
  const outfile = path.join(CACHE_DIR, `${name}.mjs`);
  const manifestFile = path.join(CACHE_DIR, `${name}.json`);
  const manifest = await readFile(manifestFile, "utf8")
    .then((text) => JSON.parse(text))
    .catch(() => null);
  const built =
    manifest &&
    (await access(outfile).then(
      () => true,
      () => false,
    ));
  if (built && manifest.fingerprint === (await fingerprint(manifest.inputs))) return outfile;
  await build(entry, outfile, manifestFile);
  return outfile;
}

/**
 * The build's version, the checkout's place and the inputs' names and contents, hashed (an input that is gone
 * counts as empty). The place, because a bundle holds its modules' absolute addresses: a second checkout sharing
 * node_modules (a git worktree with a symlink), or a moved one, must not run the first one's files. A build passes
 * the contents it bundled, so that a file edited while it ran makes the next start build again.
 */
async function fingerprint(inputs, bundled = new Map()) {
  const hash = createHash("sha256").update(BUILD_VERSION).update(`\0${ROOT}`);
  const contents = await Promise.all(
    inputs.map((input) => bundled.get(input) ?? readFile(path.join(ROOT, input)).catch(() => "")),
  );
  for (const [i, input] of inputs.entries()) hash.update(`\0${input}\0`).update(contents[i]);
  return hash.digest("hex");
}

async function build(entry, outfile, manifestFile) {
  const bundled = new Map();
  const [esbuild, { default: writeFileAtomic }] = await Promise.all([
    import("esbuild"),
    import("write-file-atomic"),
  ]);
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    metafile: true,
    write: false,
    logLevel: "warning",
    absWorkingDir: ROOT,
    plugins: [ownImportMetaUrl(bundled)],
  });
  const inputs = Object.keys(result.metafile.inputs).sort();
  await mkdir(CACHE_DIR, { recursive: true });
  // Several processes may build at once: each file is written whole under a name of its own, then renamed in place.
  // A cache: a crash loses nothing that the next start cannot build again, so nothing is flushed to disk.
  const writeWhole = (file, contents) => writeFileAtomic(file, contents, { fsync: false });
  for (const file of result.outputFiles) await writeWhole(file.path, file.contents);
  await writeWhole(manifestFile, JSON.stringify({ inputs, fingerprint: await fingerprint(inputs, bundled) }));
}

/**
 * Replaces `import.meta.url` in each of our modules with that module's own address; keeps each module's source in
 * `bundled`, under its name in the build's metafile.
 */
const ownImportMetaUrl = (bundled) => ({
  name: "own-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      const source = await readFile(args.path);
      bundled.set(path.relative(ROOT, args.path), source);
      const loader = /\.[cm]?ts$/.test(args.path) ? "ts" : "js";
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.toString("utf8").replaceAll("import.meta.url", url), loader };
    });
  },
});

const [entryArgument, ...args] = process.argv.slice(2);
if (!entryArgument) {
  process.stderr.write("Usage: node src/run-bundled.mjs <entry.ts> [args…]\n");
  process.exit(2);
}
const entry = path.resolve(entryArgument);
const bundle = await freshBundle(entry);
// The entry sees the arguments it would see under `tsx <entry>`, and errors point into the sources.
process.argv = [process.argv[0], entry, ...args];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
