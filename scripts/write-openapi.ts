import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "../src/contract/openapi.ts";
import { allOperations } from "../src/contract/operations/index.ts";
import { loadConfig } from "../src/service/env.ts";

/** Writes the OpenAPI document the service serves at /v1/openapi.json, for linting and client generation. */
function main(target: string | undefined) {
  if (!target) {
    console.error("usage: tsx scripts/write-openapi.ts <output.json>");
    process.exit(2);
  }
  // The embedded defaults, not this shell's environment: the written document must not vary by machine.
  const config = loadConfig({});
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const document = buildOpenApiDocument(allOperations, {
    version,
    servers: [
      { url: config.centralUrl, description: "central host" },
      ...Object.entries(config.regionalUrls).map(([region, url]) => ({
        url,
        description: `regional host (${region})`,
      })),
    ],
  });
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${target} (${allOperations.length} operations)`);
}

main(process.argv[2]);
