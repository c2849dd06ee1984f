import type { CursorCodec, KeyValue } from "./cursor.ts";
import { toPage } from "./cursor.ts";

/** The pagination parameters every list takes, already validated by the contract. */
export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** How one list reads: its rows in keyset order, each row's key, and the answer's items. */
export interface Listing<Row, Item, Key extends KeyValue[]> {
  /** Binds cursors to this list and to the parameters that shape its order, so they cannot be replayed elsewhere. */
  name: string;
  /** At most `limit` rows strictly after `after` (or from the start), in the list's order. */
  fetch(limit: number, after: Key | null): Promise<Row[]>;
  keyOf(row: Row): Key;
  /** The page's items, from the rows kept on it (a batch, so that it can load what the items need at once). */
  present(rows: Row[]): Item[] | Promise<Item[]>;
}

/**
 * Reads one page of a list: decodes the cursor, fetches `limit + 1` rows (the extra one tells whether more
 * exist), and builds the list envelope with the next cursor from the last row kept.
 */
export async function paginate<Row, Item, Key extends KeyValue[]>(
  cursors: CursorCodec,
  page: PageRequest,
  listing: Listing<Row, Item, Key>,
) {
  const after = page.cursor ? (cursors.decode(listing.name, page.cursor) as Key) : null;
  const rows = await listing.fetch(page.limit + 1, after);
  const kept = rows.slice(0, page.limit);
  const items = await listing.present(kept);
  return toPage(rows, page.limit, {
    codec: cursors,
    listing: listing.name,
    keyOf: listing.keyOf,
    toItem: (_row, index) => items[index]!,
  });
}
