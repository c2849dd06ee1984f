import type { Query } from "@tanstack/react-query";

// Operation ids as strings: importing the operations would pull every screen's contract into the main chunk.
// live-changes.test.ts checks that each names a real read.

/** One change the dashboard's server pushed: an event's type and its minimal snapshot (ids and names). */
export interface LiveChange {
  id: string;
  type: string;
  occurred_at: string;
  data: { id?: string; file_id?: string; [key: string]: unknown } | null;
}

const COMMENT_READS = [
  "listComments",
  "getComment",
  "listReplies",
  "listInboxComments",
  "getFile",
  "listFiles",
];

/** What each event group can change, by the first segment of its type (`board.file.added` → board). */
const READS_BY_GROUP: Record<string, string[]> = {
  file: [
    "listFiles",
    "getFile",
    "listVersions",
    "getVersion",
    "listSimilarFiles",
    "listFileBoards",
    "listBoardFiles",
    "listFolders",
    "getFolder",
    "getLibrary",
    // Tags in use count active files: a retag, trash, restore or move changes them.
    "listTags",
  ],
  folder: ["listFolders", "getFolder", "listFiles", "getLibrary"],
  library: ["listLibraries", "getLibrary"],
  board: [
    "listBoards",
    "getBoard",
    "listBoardFiles",
    "listBoardProperties",
    "getBoardProperty",
    "listFileBoards",
  ],
  property: ["listProperties", "getProperty", "getFile", "listFiles", "listBoardFiles"],
  comment: COMMENT_READS,
  reply: COMMENT_READS,
  page: ["listPages", "getPage", "listFiles", "getFile"],
  shared_link: ["listSharedLinks", "getSharedLink", "listFileSharedLinks"],
  member: ["listMembers", "getMember"],
  import: ["getImport", "listFiles", "getFile"],
  transfer: ["listTransfers", "getTransfer"],
  webhook: [],
};

/** Every event is also a delivery to each subscribed endpoint: the webhook pages refresh on any. */
const DELIVERY_READS = [
  "listWebhooks",
  "getWebhook",
  "getWebhookHealth",
  "listDeliveries",
  "getDelivery",
  "listDeliveryAttempts",
  "listReplays",
  "getReplay",
];

/** Reads of one file (keyed by `params.fileId`): refreshed only for a change that names that file, or none. */
const ONE_FILE_READS = new Set([
  "getFile",
  "listVersions",
  "getVersion",
  "listSimilarFiles",
  "listFileBoards",
  "listComments",
  "listFileSharedLinks",
]);

/** The file a change is about, when it names one. */
function fileOf(change: LiveChange): string | null {
  const data = change.data;
  if (!data) return null;
  if (change.type.startsWith("file.") && typeof data.id === "string") return data.id;
  return typeof data.file_id === "string" ? data.file_id : null;
}

/** The ids of the read operations an event type can make stale. */
export function readsChangedBy(type: string): string[] {
  const group = type.split(".")[0]!;
  return [...(READS_BY_GROUP[group] ?? []), ...DELIVERY_READS];
}

/**
 * Which cached queries a batch of changes makes stale: those of the operations each change can affect (query
 * keys start with the operation id), and of one file's reads only those of the file the change names.
 */
export function staleQueryPredicate(changes: LiveChange[]): (query: Pick<Query, "queryKey">) => boolean {
  const touched = new Map<string, Set<string> | "all">();
  for (const change of changes) {
    const file = fileOf(change);
    for (const id of readsChangedBy(change.type)) {
      const files = touched.get(id);
      if (files === "all") continue;
      if (!ONE_FILE_READS.has(id) || file === null) touched.set(id, "all");
      else touched.set(id, new Set([...(files ?? []), file]));
    }
  }
  return ({ queryKey }) => {
    const files = touched.get(String(queryKey[0]));
    if (!files) return false;
    if (files === "all") return true;
    const params = (queryKey[1] as { params?: { fileId?: string } } | undefined)?.params;
    return params?.fileId === undefined || files.has(params.fileId);
  };
}
