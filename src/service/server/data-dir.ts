import path from "node:path";

/** Where the files of one data directory live; the service and the admin command line agree on these. */
export function dataDirPaths(dataDir: string) {
  return {
    lock: path.join(dataDir, "brandspace.lock"),
    pglite: path.join(dataDir, "pglite"),
    ownerKey: path.join(dataDir, "owner.key"),
    adminSocket: path.join(dataDir, "admin.sock"),
  };
}
