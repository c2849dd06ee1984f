import {
  createLibrary,
  deleteLibrary,
  getLibrary,
  listLibraries,
  updateLibrary,
} from "../../contract/operations/libraries.ts";
import { toPage } from "../platform/cursor.ts";
import { route } from "../platform/route.ts";
import * as repo from "./libraries.repository.ts";
import * as service from "./libraries.service.ts";

export function librariesRoutes() {
  return [
    route(listLibraries, async ({ auth, db, deps, query }) => {
      const listing = `libraries:${auth.brandspace.id}`;
      const after = query.cursor ? (deps.cursors.decode(listing, query.cursor) as [string, string]) : null;
      const rows = await repo.listVisibleLibraries(db, auth, query.limit + 1, after);
      return toPage(rows, query.limit, {
        codec: deps.cursors,
        listing,
        keyOf: (r) => [r.createdAt.toISOString(), r.id],
        toItem: service.toLibrary,
      });
    }),
    route(createLibrary, ({ auth, db, body }) => service.createLibrary(db, auth, body)),
    route(getLibrary, ({ auth, db, params }) => service.getLibraryDetail(db, auth, params.libraryId)),
    route(updateLibrary, ({ auth, db, params, body }) =>
      service.updateLibrary(db, auth, params.libraryId, body),
    ),
    route(deleteLibrary, ({ auth, db, params }) => service.deleteLibrary(db, auth, params.libraryId)),
  ];
}
