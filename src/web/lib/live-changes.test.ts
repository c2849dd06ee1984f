import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../contract/events.ts";
import { allOperations } from "../../contract/operations/index.ts";
import { type LiveChange, readsChangedBy, staleQueryPredicate } from "./live-changes.ts";

const change = (type: string, data: LiveChange["data"]): LiveChange => ({
  id: `evt_${type}`,
  type,
  occurred_at: "2026-11-26T10:00:00.000Z",
  data,
});
const key = (...parts: unknown[]) => ({ queryKey: parts });

describe("which queries a live change makes stale", () => {
  it("names only real read operations, for every event type", () => {
    const reads = new Set(allOperations.filter((op) => op.method === "GET").map((op) => op.id));
    for (const type of EVENT_TYPES) {
      for (const id of readsChangedBy(type))
        expect({ type, id, known: reads.has(id) }).toEqual({ type, id, known: true });
    }
  });

  it("a processed file refreshes file lists and that file's page, not another file's", () => {
    const stale = staleQueryPredicate([change("file.processed", { object: "file", id: "fil_a", name: "a" })]);
    expect(stale(key("listFiles", { query: { folder_id: "fld_1" } }, "infinite"))).toBe(true);
    expect(stale(key("getFile", { params: { fileId: "fil_a" } }))).toBe(true);
    expect(stale(key("getFile", { params: { fileId: "fil_b" } }))).toBe(false);
    expect(stale(key("listTransfers"))).toBe(false);
  });

  it("a new comment refreshes that file's comments and the inbox", () => {
    const stale = staleQueryPredicate([
      change("comment.created", { object: "comment", id: "cmt_1", file_id: "fil_a" }),
    ]);
    expect(stale(key("listComments", { params: { fileId: "fil_a" } }))).toBe(true);
    expect(stale(key("listComments", { params: { fileId: "fil_b" } }))).toBe(false);
    expect(stale(key("listInboxComments", {}))).toBe(true);
  });

  it("a change without a file refreshes every file's reads it can affect", () => {
    const stale = staleQueryPredicate([change("property.updated", { object: "property", id: "prp_1" })]);
    expect(stale(key("getFile", { params: { fileId: "fil_z" } }))).toBe(true);
    expect(stale(key("listProperties"))).toBe(true);
  });

  it("any event refreshes the webhook pages (it is a delivery too); a transfer becoming ready refreshes transfers", () => {
    const stale = staleQueryPredicate([change("transfer.ready", { object: "transfer", id: "trf_1" })]);
    expect(stale(key("listDeliveries", { params: { webhookId: "whk_1" } }, "infinite"))).toBe(true);
    expect(stale(key("listTransfers"))).toBe(true);
    expect(stale(key("getTransfer", { params: { transferId: "trf_1" } }))).toBe(true);
    expect(stale(key("listFiles"))).toBe(false);
  });

  it("board events are grouped by their first segment", () => {
    const stale = staleQueryPredicate([change("board.file.added", { object: "board", id: "brd_1" })]);
    expect(stale(key("listBoardFiles", { params: { boardId: "brd_1" } }))).toBe(true);
  });
});
