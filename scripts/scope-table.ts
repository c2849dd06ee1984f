import { readFileSync, writeFileSync } from "node:fs";
import { allOperations } from "../src/contract/operations/index.ts";
import { renderScopeTable, replaceScopeTable } from "../src/contract/scope-table.ts";

const API_DOC = new URL("../docs/api.md", import.meta.url);

/** Prints the scope table of every operation; with --write, rewrites its section of docs/api.md instead. */
function main(args: string[]) {
  const table = renderScopeTable(allOperations);
  if (!args.includes("--write")) {
    console.log(table);
    return;
  }
  const before = readFileSync(API_DOC, "utf8");
  const after = replaceScopeTable(before, table);
  if (after === before) {
    console.log(`docs/api.md is up to date (${allOperations.length} operations).`);
    return;
  }
  writeFileSync(API_DOC, after);
  console.log(`docs/api.md: scope table rewritten (${allOperations.length} operations).`);
}

main(process.argv.slice(2));
