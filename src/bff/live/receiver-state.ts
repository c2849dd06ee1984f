import { readFile } from "node:fs/promises";
import path from "node:path";
import writeFileAtomic from "write-file-atomic";
import { z } from "zod";

/** What the dashboard keeps of its own webhook endpoint: which one it is and the secret that signs for it. */
const ReceiverState = z.object({ webhook_id: z.string().min(1), secret: z.string().min(1) });
export type ReceiverState = z.infer<typeof ReceiverState>;

const FILE_NAME = "dashboard-webhook.json";

export async function readReceiverState(dataDir: string): Promise<ReceiverState | null> {
  try {
    const parsed = ReceiverState.safeParse(JSON.parse(await readFile(path.join(dataDir, FILE_NAME), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Written whole or not at all (temporary file, then rename), readable by its owner only: it holds a secret. */
export async function writeReceiverState(dataDir: string, state: ReceiverState): Promise<void> {
  const file = path.join(dataDir, FILE_NAME);
  await writeFileAtomic(file, `${JSON.stringify(state)}\n`, { mode: 0o600 });
}
