import { createZipDownload, getZipDownloadContent } from "../../contract/operations/downloads.ts";
import { route } from "../platform/route.ts";
import { issueZipDownload, serveZipDownload } from "./zip-downloads.service.ts";

export function zipDownloadsRoutes() {
  return [
    route(createZipDownload, (ctx) => issueZipDownload(ctx, ctx.body)),
    route(
      getZipDownloadContent,
      async (ctx, reply) => {
        await serveZipDownload(ctx.deps, { ...ctx.params, ...ctx.query }, ctx.request, reply);
        return "";
      },
      { raw: true },
    ),
  ];
}
