import type { Readable } from "node:stream";
import {
  abortUpload,
  completeUpload,
  createUpload,
  getUpload,
  putUploadContent,
  putUploadPart,
} from "../../contract/operations/uploads.ts";
import { route } from "../platform/route.ts";
import * as service from "./uploads.service.ts";

export function uploadsRoutes() {
  return [
    route(createUpload, ({ auth, db, deps, body }) => service.createUpload(db, deps, auth, body)),
    route(getUpload, async ({ auth, db, deps, params }) =>
      service.presentUpload(
        db,
        deps,
        auth.brandspace.region,
        await service.requireOwnUpload(db, auth, params.uploadId),
      ),
    ),
    route(
      putUploadContent,
      ({ db, deps, params, query, request }) =>
        service.receiveContent(db, deps, params.uploadId, query, request.raw as Readable),
      { transactional: false },
    ),
    route(
      putUploadPart,
      ({ db, deps, params, query, request }) =>
        service.receivePart(db, deps, params.uploadId, params.partNumber, query, request.raw as Readable),
      { transactional: false },
    ),
    route(
      completeUpload,
      ({ auth, db, deps, params, body }) => service.completeUpload(db, deps, auth, params.uploadId, body),
      {
        transactional: false,
      },
    ),
    route(abortUpload, ({ auth, db, deps, params }) => service.abortUpload(db, deps, auth, params.uploadId)),
  ];
}
