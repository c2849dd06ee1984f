import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { validationError } from "./errors.ts";

export type KeyValue = string | number | boolean | null;

/**
 * Opaque, tamper-evident keyset cursors. A cursor is bound to the listing that issued it (its name and the
 * parameters that shape its order), so it cannot be replayed against a different query.
 */
export interface CursorCodec {
  encode(listing: string, values: KeyValue[]): string;
  decode(listing: string, cursor: string): KeyValue[];
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A cursor is its listing's digest and key values as JSON, sealed with AES-256-GCM (fresh nonce, then tag, then
 * ciphertext, in base64url): opaque as the specification asks, so that no client comes to read or build one, and
 * tamper-evident through the tag.
 */
export function createCursorCodec(key: Buffer): CursorCodec {
  return {
    encode(listing, values) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      const plain = Buffer.from(JSON.stringify({ l: digest(listing), v: values }));
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString("base64url");
    },
    decode(listing, cursor) {
      const bytes = Buffer.from(cursor, "base64url");
      // Compared as text: decoding ignores a last character's spare bits, padding and stray characters, so a
      // cursor changed there would still open.
      if (bytes.length <= NONCE_BYTES + TAG_BYTES || bytes.toString("base64url") !== cursor)
        throw invalidCursor();
      let parsed: { l?: unknown; v?: unknown };
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES));
        decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
          decipher.final(),
        ]);
        parsed = JSON.parse(plain.toString("utf8"));
      } catch {
        throw invalidCursor();
      }
      if (parsed.l !== digest(listing) || !Array.isArray(parsed.v))
        throw invalidCursor("does not belong to this query");
      return parsed.v as KeyValue[];
    },
  };
}

function digest(listing: string): string {
  return createHash("sha256").update(listing).digest("base64url").slice(0, 16);
}

function invalidCursor(why = "is not a cursor this API issued") {
  return validationError([{ param: "cursor", message: `The cursor ${why}.` }]);
}

/**
 * Turns `limit + 1` fetched rows into a page: drops the probe row and makes the next cursor from the last kept row.
 */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  options: {
    codec: CursorCodec;
    listing: string;
    keyOf: (row: Row) => KeyValue[];
    toItem: (row: Row, index: number) => Item;
  },
) {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return {
    object: "list" as const,
    has_more: hasMore,
    next_cursor: hasMore && last ? options.codec.encode(options.listing, options.keyOf(last)) : null,
    data: kept.map(options.toItem),
  };
}
