import { getContent, getFileDownload } from "../../contract/operations/files.ts";
import { route } from "../platform/route.ts";
import { issueDownloadUrl, resolveSignedContent } from "./downloads.service.ts";
import { serveContent } from "./serve-content.ts";

export function downloadsRoutes() {
  return [
    route(getFileDownload, ({ auth, db, deps, params, query }) =>
      issueDownloadUrl(db, deps, auth, params.fileId, query),
    ),
    route(
      getContent,
      async ({ db, deps, params, query, request }, reply) => {
        const content = await resolveSignedContent(db, deps, params, query);
        await serveContent(deps.blobs, content, request, reply);
        return "";
      },
      { raw: true },
    ),
  ];
}
