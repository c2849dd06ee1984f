import { activateVersion, deleteVersion, getVersion, listVersions } from "../../contract/operations/files.ts";
import { requireFile } from "../files/file-access.ts";
import { toPage } from "../platform/cursor.ts";
import { route } from "../platform/route.ts";
import * as service from "./versions.service.ts";

export function versionsRoutes() {
  return [
    route(listVersions, async ({ auth, db, deps, params, query }) => {
      const file = await requireFile({ db, auth }, params.fileId, "view");
      const listing = `versions:${file.id}`;
      const after = query.cursor ? (deps.cursors.decode(listing, query.cursor)[0] as number) : null;
      const rows = await service.listVersionRows(db, file.id, query.limit + 1, after);
      return toPage(rows, query.limit, {
        codec: deps.cursors,
        listing,
        keyOf: (r) => [r.versionNumber],
        toItem: (r) => service.toVersion(r, file.activeVersionId),
      });
    }),
    route(getVersion, ({ auth, db, params }) =>
      service.getVersion(db, auth, params.fileId, params.versionId),
    ),
    route(activateVersion, ({ auth, db, params }) =>
      service.activateVersion(db, auth, params.fileId, params.versionId),
    ),
    route(deleteVersion, ({ auth, db, params }) =>
      service.deleteVersion(db, auth, params.fileId, params.versionId),
    ),
  ];
}
