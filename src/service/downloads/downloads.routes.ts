import { getContent, getFileDownload } from "../../contract/operations/files.ts";
import { route } from "../platform/route.ts";
import { issueDownloadUrl, resolveSignedContent } from "./downloads.service.ts";
import { serveContent } from "./serve-content.ts";

export function downloadsRoutes() {
  return [
    route(getFileDownload, (ctx) => issueDownloadUrl(ctx, { ...ctx.params, ...ctx.query })),
    route(
      getContent,
      async (ctx, reply) => {
        const content = await resolveSignedContent(ctx, { ...ctx.params, ...ctx.query });
        await serveContent(ctx.deps.blobs, content, ctx.request, reply);
        return "";
      },
      { raw: true },
    ),
  ];
}
