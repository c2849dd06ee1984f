import { readFile } from "node:fs/promises";
import path from "node:path";
import writeFileAtomic from "write-file-atomic";
import { hashPassword } from "./password-hash.ts";

export const PASSWORD_FILE_NAME = "dashboard-password";

export function passwordFilePath(dataDir: string): string {
  return path.join(dataDir, PASSWORD_FILE_NAME);
}

/**
 * Stores the scrypt hash of the dashboard password in `<dataDir>/dashboard-password` (mode 0600).
 * Used by `npm run admin -- dashboard set-password`; a running BFF reads the file on every login.
 */
export async function setDashboardPassword(dataDir: string, password: string): Promise<void> {
  if (password.length < 8) throw new Error("The dashboard password must be at least 8 characters.");
  const file = passwordFilePath(dataDir);
  await writeFileAtomic(file, `${await hashPassword(password)}\n`, { mode: 0o600 });
}

/** The stored hash, or null when no password has been set. */
export async function readDashboardPasswordHash(dataDir: string): Promise<string | null> {
  try {
    const text = (await readFile(passwordFilePath(dataDir), "utf8")).trim();
    return text || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
