import type { EventType } from "../../contract/events.ts";
import {
  type CreateOptionBody,
  type CreatePropertyBody,
  OPTION_TYPES,
  PROPERTY_LIMITS,
  type Property,
  SELECTION_MODES_OF,
  type UpdateOptionBody,
  type UpdatePropertyBody,
} from "../../contract/properties.ts";
import { hasPermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { ServiceContext } from "../platform/context.ts";
import { conflict, forbidden, notFound, validationError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { moveTo, moveToIfElsewhere } from "../platform/reorder.ts";
import { propertyEventData, toOption, toProperty } from "./properties.mapper.ts";
import * as repo from "./properties.repository.ts";

export const DEFAULT_OPTION_COLOR = "#9ca3af";

/** Brandspace properties emit `property.*`; board properties `board.property.*`. */
const EVENTS = {
  brandspace: { created: "property.created", updated: "property.updated", deleted: "property.deleted" },
  board: {
    created: "board.property.created",
    updated: "board.property.updated",
    deleted: "board.property.deleted",
  },
} as const satisfies Record<string, Record<string, EventType>>;

const brandspaceScope = (ctx: ServiceContext): repo.PropertyScope => ({
  brandspaceId: ctx.auth.brandspace.id,
  boardId: null,
});

async function emitProperty(
  ctx: ServiceContext,
  change: "created" | "updated" | "deleted",
  row: repo.PropertyRow,
) {
  await emit(ctx.db, {
    brandspaceId: ctx.auth.brandspace.id,
    type: EVENTS[row.boardId === null ? "brandspace" : "board"][change],
    actor: actors.user(ctx.auth),
    data: propertyEventData(row),
  });
}

/** The API shapes of property rows, with their options and value counts loaded in two queries. */
async function present(ctx: ServiceContext, rows: repo.PropertyRow[]): Promise<Property[]> {
  const ids = rows.map((r) => r.id);
  const [options, counts] = await Promise.all([
    repo.optionRowsOf(ctx.db, ids),
    repo.valueCounts(ctx.db, ids),
  ]);
  return rows.map((row) =>
    toProperty(
      row,
      options.filter((o) => o.propertyId === row.id),
      counts.get(row.id) ?? 0,
    ),
  );
}

async function presentOne(ctx: ServiceContext, row: repo.PropertyRow): Promise<Property> {
  return (await present(ctx, [row]))[0]!;
}

function requireManage(ctx: ServiceContext) {
  if (!hasPermission(ctx.auth, "properties.manage")) throw forbidden("Your role cannot manage properties.");
}

async function requireProperty(ctx: ServiceContext, scope: repo.PropertyScope, propertyId: string) {
  const row = await repo.findPropertyRow(ctx.db, scope, propertyId);
  if (!row) throw notFound("property");
  return row;
}

/** A scope's properties in position order, each with its options. */
export function listProperties(
  ctx: ServiceContext,
  input: { scope?: repo.PropertyScope; page: PageRequest },
) {
  const scope = input.scope ?? brandspaceScope(ctx);
  return paginate(ctx.deps.cursors, input.page, {
    name: `properties:${scope.brandspaceId}:${scope.boardId ?? ""}`,
    fetch: (limit, after: [number, string] | null) => repo.listPropertyRows(ctx.db, scope, limit, after),
    keyOf: (row) => [row.position, row.id],
    present: (rows) => present(ctx, rows),
  });
}

export async function getProperty(
  ctx: ServiceContext,
  input: { scope?: repo.PropertyScope; propertyId: string },
) {
  return presentOne(ctx, await requireProperty(ctx, input.scope ?? brandspaceScope(ctx), input.propertyId));
}

/** Appended last in its scope, with its options in the order sent. */
export async function createProperty(
  ctx: ServiceContext,
  input: { scope?: repo.PropertyScope; body: CreatePropertyBody },
) {
  const scope = input.scope ?? brandspaceScope(ctx);
  if (!input.scope) requireManage(ctx);
  if ((await repo.countProperties(ctx.db, scope)) >= PROPERTY_LIMITS.propertiesPerScope) {
    throw conflict(`A brandspace or board holds at most ${PROPERTY_LIMITS.propertiesPerScope} properties.`, {
      limit: PROPERTY_LIMITS.propertiesPerScope,
    });
  }
  const { body } = input;
  requireDistinctLabels((body.options ?? []).map((o) => o.label));
  const row = await repo.insertPropertyRow(ctx.db, {
    id: newId("property"),
    brandspaceId: scope.brandspaceId,
    boardId: scope.boardId,
    name: body.name,
    type: body.type,
    selectionMode: body.selection_mode ?? SELECTION_MODES_OF[body.type][0]!,
    position: await repo.nextPropertyPosition(ctx.db, scope),
  });
  await repo.insertOptionRows(
    ctx.db,
    (body.options ?? []).map((option, position) => ({
      id: newId("option"),
      propertyId: row.id,
      label: option.label,
      color: option.color ?? DEFAULT_OPTION_COLOR,
      position,
    })),
  );
  await emitProperty(ctx, "created", row);
  return presentOne(ctx, row);
}

export async function updateProperty(
  ctx: ServiceContext,
  input: { scope?: repo.PropertyScope; propertyId: string; changes: UpdatePropertyBody },
) {
  const scope = input.scope ?? brandspaceScope(ctx);
  if (!input.scope) requireManage(ctx);
  const current = await requireProperty(ctx, scope, input.propertyId);
  const { changes } = input;
  if (changes.selection_mode && changes.selection_mode !== current.selectionMode) {
    await requireSelectionModeFits(ctx, current, changes.selection_mode);
  }
  const changed = changedFields(current, {
    name: changes.name,
    selectionMode: changes.selection_mode,
    hidden: changes.hidden,
  });
  const order =
    changes.position === undefined
      ? null
      : moveToIfElsewhere(await repo.propertyIdsInOrder(ctx.db, scope), current.id, changes.position);
  if (!changed && !order) return presentOne(ctx, current);
  let row = changed ? await repo.updatePropertyRow(ctx.db, current.id, changed) : current;
  if (order) {
    await repo.writePropertyPositions(ctx.db, scope, order);
    row = (await repo.findPropertyRow(ctx.db, scope, current.id))!;
  }
  await emitProperty(ctx, "updated", row);
  return presentOne(ctx, row);
}

async function requireSelectionModeFits(
  ctx: ServiceContext,
  property: repo.PropertyRow,
  mode: "single" | "multiple",
) {
  const allowed = SELECTION_MODES_OF[property.type];
  if (!allowed.includes(mode)) {
    throw validationError([
      { param: "selection_mode", message: `must be ${allowed.join(" or ")} for a ${property.type} property` },
    ]);
  }
  const crowded = mode === "single" ? await repo.countMultiOptionValues(ctx.db, property.id) : 0;
  if (crowded > 0) {
    throw conflict(
      `${crowded} files hold more than one option; leave one on each before switching to single.`,
      {
        files: crowded,
      },
    );
  }
}

/** Deletes the property; its values go with it (the database cascades). */
export async function deleteProperty(
  ctx: ServiceContext,
  input: { scope?: repo.PropertyScope; propertyId: string },
) {
  const scope = input.scope ?? brandspaceScope(ctx);
  if (!input.scope) requireManage(ctx);
  const row = await requireProperty(ctx, scope, input.propertyId);
  await repo.deletePropertyRow(ctx.db, row.id);
  await repo.writePropertyPositions(ctx.db, scope, await repo.propertyIdsInOrder(ctx.db, scope));
  await emitProperty(ctx, "deleted", row);
  return {
    object: "property" as const,
    id: row.id,
    deleted: true as const,
    permanent: true,
    trashed_at: null,
  };
}

function requireDistinctLabels(labels: string[]) {
  const seen = new Set<string>();
  for (const label of labels) {
    const key = label.toLocaleLowerCase();
    if (seen.has(key)) throw conflict(`Two options cannot both be labelled "${label}".`);
    seen.add(key);
  }
}

async function requireOptionProperty(ctx: ServiceContext, scope: repo.PropertyScope, propertyId: string) {
  const property = await requireProperty(ctx, scope, propertyId);
  if (!(OPTION_TYPES as readonly string[]).includes(property.type)) {
    throw validationError([{ param: "propertyId", message: `a ${property.type} property has no options` }]);
  }
  return property;
}

/** Options are listed with their property; a change to one is a change to the property. */
export async function createOption(
  ctx: ServiceContext,
  input: { scope?: repo.PropertyScope; propertyId: string; body: CreateOptionBody },
) {
  const scope = input.scope ?? brandspaceScope(ctx);
  if (!input.scope) requireManage(ctx);
  const property = await requireOptionProperty(ctx, scope, input.propertyId);
  const existing = await repo.optionRowsOf(ctx.db, [property.id]);
  if (existing.length >= PROPERTY_LIMITS.optionsPerProperty) {
    throw conflict(`A property holds at most ${PROPERTY_LIMITS.optionsPerProperty} options.`, {
      limit: PROPERTY_LIMITS.optionsPerProperty,
    });
  }
  const { body } = input;
  requireDistinctLabels([...existing.map((o) => o.label), body.label]);
  const [created] = await repo.insertOptionRows(ctx.db, [
    {
      id: newId("option"),
      propertyId: property.id,
      label: body.label,
      color: body.color ?? DEFAULT_OPTION_COLOR,
      hidden: body.hidden ?? false,
      position: existing.length,
    },
  ]);
  let option = created!;
  if (body.position !== undefined && body.position < existing.length) {
    const order = moveTo([...existing.map((o) => o.id), option.id], option.id, body.position);
    await repo.writeOptionPositions(ctx.db, property.id, order);
    option = (await repo.findOptionRow(ctx.db, property.id, option.id))!;
  }
  await touchProperty(ctx, property);
  return toOption(option);
}

export async function updateOption(
  ctx: ServiceContext,
  input: { scope?: repo.PropertyScope; propertyId: string; optionId: string; changes: UpdateOptionBody },
) {
  const scope = input.scope ?? brandspaceScope(ctx);
  if (!input.scope) requireManage(ctx);
  const property = await requireOptionProperty(ctx, scope, input.propertyId);
  const current = await repo.findOptionRow(ctx.db, property.id, input.optionId);
  if (!current) throw notFound("option");
  const { changes } = input;
  const siblings = await repo.optionRowsOf(ctx.db, [property.id]);
  if (changes.label !== undefined) {
    requireDistinctLabels([
      ...siblings.filter((o) => o.id !== current.id).map((o) => o.label),
      changes.label,
    ]);
  }
  const changed = changedFields(current, {
    label: changes.label,
    color: changes.color,
    hidden: changes.hidden,
  });
  const order =
    changes.position === undefined
      ? null
      : moveToIfElsewhere(
          siblings.map((o) => o.id),
          current.id,
          changes.position,
        );
  if (!changed && !order) return toOption(current);
  let option = changed ? await repo.updateOptionRow(ctx.db, current.id, changed) : current;
  if (order) {
    await repo.writeOptionPositions(ctx.db, property.id, order);
    option = (await repo.findOptionRow(ctx.db, property.id, current.id))!;
  }
  await touchProperty(ctx, property);
  return toOption(option);
}

/** Deletes an option and clears it from every value that used it. */
export async function deleteOption(
  ctx: ServiceContext,
  input: { scope?: repo.PropertyScope; propertyId: string; optionId: string },
) {
  const scope = input.scope ?? brandspaceScope(ctx);
  if (!input.scope) requireManage(ctx);
  const property = await requireOptionProperty(ctx, scope, input.propertyId);
  const option = await repo.findOptionRow(ctx.db, property.id, input.optionId);
  if (!option) throw notFound("option");
  await repo.clearOptionFromValues(ctx.db, property.id, option.id);
  await repo.deleteOptionRow(ctx.db, option.id);
  const remaining = (await repo.optionRowsOf(ctx.db, [property.id])).map((o) => o.id);
  await repo.writeOptionPositions(ctx.db, property.id, remaining);
  await touchProperty(ctx, property);
  return {
    object: "option" as const,
    id: option.id,
    deleted: true as const,
    permanent: true,
    trashed_at: null,
  };
}

/** An option change updates its property's `updated_at` and emits the property's `updated` event. */
async function touchProperty(ctx: ServiceContext, property: repo.PropertyRow) {
  const row = await repo.updatePropertyRow(ctx.db, property.id, {});
  await emitProperty(ctx, "updated", row);
}
