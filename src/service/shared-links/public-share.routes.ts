import {
  createPublicShareComment,
  downloadPublicShare,
  downloadPublicShareFile,
  getPublicShare,
  getPublicShareFile,
  getShareFileContent,
  getShareRenditionContent,
  getShareZipContent,
  listPublicShareComments,
  listPublicShareFiles,
  listPublicShareFolders,
  listPublicShareReplies,
  unlockPublicShare,
} from "../../contract/operations/shared-links.ts";
import { route } from "../platform/route.ts";
import * as share from "./public-share.service.ts";
import { downloadShareFile, serveShareContent } from "./share-file-content.ts";
import { issueShareZipUrl, serveShareZip } from "./share-zip.service.ts";

type VisitContext = Parameters<Parameters<typeof route>[1]>[0] & { params: { token: string } };

const visitOf = (ctx: VisitContext) => ({
  deps: ctx.deps,
  db: ctx.db,
  token: ctx.params.token,
  accessToken: share.accessTokenOf(ctx.request),
});

export function publicShareRoutes() {
  return [
    // A HEAD asks whether the link answers; only a GET shows its content, so only a GET counts as a view.
    route(getPublicShare, (ctx) =>
      share.getPublicShare({ ...visitOf(ctx), countsView: ctx.request.method === "GET" }),
    ),
    route(
      unlockPublicShare,
      (ctx) => share.unlockShare({ ...visitOf(ctx), password: ctx.body.password, client: ctx.request.ip }),
      // Wrong attempts must be counted even though the answer is an error: no enclosing transaction.
      { transactional: false },
    ),
    route(listPublicShareFolders, (ctx) => share.listShareFolders(visitOf(ctx), ctx.query)),
    route(listPublicShareFiles, (ctx) => share.listShareFiles(visitOf(ctx), ctx.query)),
    route(getPublicShareFile, (ctx) => share.getShareFile({ ...visitOf(ctx), fileId: ctx.params.fileId })),
    route(downloadPublicShareFile, (ctx) =>
      downloadShareFile({ ...visitOf(ctx), fileId: ctx.params.fileId, ...ctx.query }),
    ),
    route(downloadPublicShare, (ctx) => issueShareZipUrl(visitOf(ctx))),
    route(
      getShareFileContent,
      (ctx, reply) =>
        serveShareContent(ctx.deps, { ...ctx.params, ...ctx.query, variant: "original" }, ctx.request, reply),
      { raw: true },
    ),
    route(
      getShareRenditionContent,
      (ctx, reply) => serveShareContent(ctx.deps, { ...ctx.params, ...ctx.query }, ctx.request, reply),
      { raw: true },
    ),
    route(
      getShareZipContent,
      async (ctx, reply) => {
        await serveShareZip(ctx.deps, { ...ctx.params, ...ctx.query }, ctx.request, reply);
        return "";
      },
      { raw: true },
    ),
    route(listPublicShareComments, (ctx) =>
      share.listShareComments({ ...visitOf(ctx), fileId: ctx.params.fileId, ...ctx.query }),
    ),
    route(createPublicShareComment, (ctx) =>
      share.createShareComment({ ...visitOf(ctx), fileId: ctx.params.fileId, body: ctx.body }),
    ),
    route(listPublicShareReplies, (ctx) =>
      share.listShareReplies({ ...visitOf(ctx), ...ctx.params, ...ctx.query }),
    ),
  ];
}
