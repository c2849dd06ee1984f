import {
  addTransferItems,
  completeTransfer,
  createTransfer,
  downloadPublicTransferFile,
  endTransfer,
  getPublicTransfer,
  getTransfer,
  getTransferContent,
  listTransfers,
  unlockPublicTransfer,
  updateTransfer,
} from "../../contract/operations/transfers.ts";
import { route } from "../platform/route.ts";
import { accessTokenOf } from "../shared-links/public-share.service.ts";
import * as visitor from "./public-transfer.service.ts";
import * as transfers from "./transfers.service.ts";

export function transfersRoutes() {
  return [
    route(listTransfers, (ctx) => transfers.listTransfers(ctx, ctx.query)),
    route(createTransfer, (ctx) => transfers.createTransfer(ctx, ctx.body)),
    route(getTransfer, (ctx) => transfers.getTransfer(ctx, ctx.params)),
    route(updateTransfer, (ctx) => transfers.updateTransfer(ctx, { ...ctx.params, changes: ctx.body })),
    route(addTransferItems, (ctx) => transfers.addTransferItems(ctx, { ...ctx.params, body: ctx.body })),
    route(completeTransfer, (ctx) => transfers.completeTransfer(ctx, ctx.params)),
    route(endTransfer, (ctx) => transfers.endTransfer(ctx, ctx.params)),
  ];
}

export function publicTransferRoutes() {
  const visitOf = (ctx: {
    deps: visitor.TransferVisit["deps"];
    db: visitor.TransferVisit["db"];
    params: { token: string };
    request: Parameters<typeof accessTokenOf>[0];
  }) => ({
    deps: ctx.deps,
    db: ctx.db,
    token: ctx.params.token,
    accessToken: accessTokenOf(ctx.request),
  });
  return [
    // A HEAD asks whether the transfer answers; only a GET shows its content, so only a GET counts as a view.
    route(getPublicTransfer, (ctx) =>
      visitor.getPublicTransfer({ ...visitOf(ctx), countsView: ctx.request.method === "GET" }),
    ),
    route(
      unlockPublicTransfer,
      (ctx) =>
        visitor.unlockTransfer({ ...visitOf(ctx), password: ctx.body.password, client: ctx.request.ip }),
      { transactional: false },
    ),
    route(downloadPublicTransferFile, (ctx) =>
      visitor.downloadTransferFile({ ...visitOf(ctx), entryId: ctx.params.entryId }),
    ),
    route(
      getTransferContent,
      async (ctx, reply) => {
        await visitor.serveTransferContent(ctx, { ...ctx.params, ...ctx.query }, ctx.request, reply);
        return "";
      },
      { raw: true },
    ),
  ];
}
