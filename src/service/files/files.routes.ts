import {
  copyFile,
  deleteFile,
  getFile,
  listFiles,
  moveFile,
  restoreFile,
  setFilePropertyValue,
  updateFile,
} from "../../contract/operations/files.ts";
import { toPage } from "../platform/cursor.ts";
import { route } from "../platform/route.ts";
import { fetchFilePage, keyOf, planFileList } from "./file-list.ts";
import { toFileBase } from "./files.mapper.ts";
import { renditionsOf } from "./files.repository.ts";
import * as service from "./files.service.ts";

export function filesRoutes() {
  return [
    route(listFiles, async ({ auth, db, deps, query }) => {
      const plan = await planFileList(db, auth, query);
      const after = query.cursor ? deps.cursors.decode(plan.listing, query.cursor) : null;
      const rows = await fetchFilePage(db, plan, query.limit + 1, after);
      const kept = rows.slice(0, query.limit);
      const available = await renditionsOf(
        db,
        kept.flatMap((r) => (r.activeVersionId ? [r.activeVersionId] : [])),
      );
      const page = toPage(rows, query.limit, {
        codec: deps.cursors,
        listing: plan.listing,
        keyOf: (r) => keyOf(plan, r),
        toItem: (r) => toFileBase({ deps, region: auth.brandspace.region }, r, available),
      });
      if (!plan.interpreted) return page;
      const { words: _words, ...interpreted } = plan.interpreted;
      return { ...page, search: { query: query.q!, interpreted } };
    }),
    route(getFile, ({ auth, db, deps, params }) => service.getFile(db, deps, auth, params.fileId)),
    route(updateFile, ({ auth, db, deps, params, body }) =>
      service.updateFile(db, deps, auth, params.fileId, body),
    ),
    route(deleteFile, ({ auth, db, params, query }) =>
      query.permanent
        ? service.deleteFilePermanently(db, auth, params.fileId)
        : service.trashFile(db, auth, params.fileId),
    ),
    route(moveFile, ({ auth, db, deps, params, body }) =>
      service.moveFile(db, deps, auth, params.fileId, body),
    ),
    route(copyFile, ({ auth, db, deps, params, body }) =>
      service.copyFile(db, deps, auth, params.fileId, body),
    ),
    route(restoreFile, ({ auth, db, deps, params }) => service.restoreFile(db, deps, auth, params.fileId)),
    route(setFilePropertyValue, ({ auth, db, params, body }) =>
      service.setPropertyValue(db, auth, params.fileId, params.propertyId, body.value),
    ),
  ];
}
