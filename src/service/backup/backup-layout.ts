import { z } from "zod";

/** What a backup holds, by name inside its tar. */
export const BACKUP_ENTRIES = {
  manifest: "manifest.json",
  database: "database.tar.gz",
  blobs: "blobs",
} as const;

/** Files of the data directory kept beside the database: without secret.key, signed cursors and URLs break. */
export const KEY_FILES = ["secret.key", "owner.key", "dashboard-password"] as const;

export const BackupManifest = z.object({
  format: z.literal("brandspace-backup"),
  version: z.literal(1),
  created_at: z.string(),
  service_version: z.string(),
  blobs: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }),
  key_files: z.array(z.enum(KEY_FILES)),
});
export type BackupManifest = z.infer<typeof BackupManifest>;
