import { createHash } from "node:crypto";
import { validationError } from "./errors.ts";
import { hmac, safeEqual } from "./secrets.ts";

export type KeyValue = string | number | boolean | null;

/**
 * Opaque, tamper-evident keyset cursors. A cursor is bound to the listing that issued it (its name and the
 * parameters that shape its order), so it cannot be replayed against a different query.
 */
export interface CursorCodec {
  encode(listing: string, values: KeyValue[]): string;
  decode(listing: string, cursor: string): KeyValue[];
}

const SIGNATURE_BYTES = 16;

export function createCursorCodec(key: Buffer): CursorCodec {
  const sign = (payload: string) => hmac(key, payload).subarray(0, SIGNATURE_BYTES);
  return {
    encode(listing, values) {
      const payload = Buffer.from(JSON.stringify({ l: digest(listing), v: values })).toString("base64url");
      return `${payload}.${sign(payload).toString("base64url")}`;
    },
    decode(listing, cursor) {
      const [payload, signature, extra] = cursor.split(".");
      if (
        !payload ||
        !signature ||
        extra !== undefined ||
        // As text, not as decoded bytes: decoding ignores a last character's spare bits and any padding, so a
        // cursor changed there would still pass.
        !safeEqual(sign(payload).toString("base64url"), signature)
      ) {
        throw invalidCursor();
      }
      const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
        l: string;
        v: KeyValue[];
      };
      if (parsed.l !== digest(listing) || !Array.isArray(parsed.v))
        throw invalidCursor("does not belong to this query");
      return parsed.v;
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
