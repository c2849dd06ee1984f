import type { Db } from "../db/client.ts";
import { requirePermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { ServiceContext } from "../platform/context.ts";
import { conflict, notFound } from "../platform/errors.ts";
import { actors, emit } from "../platform/outbox.ts";
import { refuseTrashedFile, requireFile } from "./file-access.ts";
import { toPropertyValue } from "./files.mapper.ts";
import { updateFileRow } from "./files.repository.ts";
import { normalizePropertyValue } from "./property-value-input.ts";
import {
  findPropertyDefinition,
  findPropertyValue,
  savePropertyValue,
} from "./property-values.repository.ts";

/**
 * Stores a normalized value (null: none) unless the file already holds it (`held`); true when that changed
 * something. Shared with board values, whose events are the board's.
 */
export async function saveChangedValue(
  db: Db,
  row: { fileId: string; propertyId: string; brandspaceId: string; value: unknown },
  held: unknown | null,
): Promise<boolean> {
  if (!changedFields({ value: held }, { value: row.value })) return false;
  await savePropertyValue(db, row);
  return true;
}

/**
 * A hidden property takes no new values (409), but it may still be cleared (`null`, `""`, `[]`: no value) and be
 * sent the value the file holds, which changes nothing. Checked on the normalized value, so every way of writing
 * "no value" counts alike.
 */
export function refuseNewValueOnHidden(
  property: { hidden: boolean },
  held: unknown | null,
  normalized: unknown,
) {
  if (property.hidden && normalized !== null && changedFields({ value: held }, { value: normalized }))
    throw conflict("The property is hidden: it takes no new values.");
}

/** Sets or clears a brandspace property's value on a file; emits `property.value_updated` when it changed. */
export async function setPropertyValue(
  ctx: ServiceContext,
  { fileId, propertyId, value }: { fileId: string; propertyId: string; value: unknown },
) {
  const { db, auth } = ctx;
  refuseTrashedFile(await requireFile(ctx, fileId, "edit"));
  requirePermission(ctx.auth, "files.edit", "edit files");
  const property = await findPropertyDefinition(
    db,
    { brandspaceId: auth.brandspace.id, boardId: null },
    propertyId,
  );
  if (!property) throw notFound("property");
  const held = await findPropertyValue(db, fileId, propertyId);
  const normalized = await normalizePropertyValue(db, property, value, held);
  refuseNewValueOnHidden(property, held, normalized);
  const row = { fileId, propertyId, brandspaceId: auth.brandspace.id, value: normalized };
  if (await saveChangedValue(db, row, held)) {
    await updateFileRow(db, fileId, {});
    await emit(db, {
      brandspaceId: auth.brandspace.id,
      type: "property.value_updated",
      actor: actors.user(auth),
      data: { object: "property_value", property_id: propertyId, file_id: fileId, board_id: null },
    });
  }
  return toPropertyValue({ propertyId, type: property.type, value: normalized });
}
