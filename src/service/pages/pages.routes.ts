import {
  createPage,
  deletePage,
  getPage,
  getPublicPage,
  listPages,
  publishPage,
  unpublishPage,
  updatePage,
} from "../../contract/operations/pages.ts";
import { route } from "../platform/route.ts";
import * as pages from "./pages.service.ts";
import { getPublicPage as readPublicPage } from "./public-page.service.ts";

export function pagesRoutes() {
  return [
    route(listPages, (ctx) => pages.listPages(ctx, ctx.query)),
    route(createPage, (ctx) => pages.createPage(ctx, ctx.body)),
    route(getPage, (ctx) => pages.getPage(ctx, ctx.params)),
    route(updatePage, (ctx) => pages.updatePage(ctx, { ...ctx.params, changes: ctx.body })),
    route(deletePage, (ctx) => pages.deletePage(ctx, { ...ctx.params, ...ctx.query })),
    route(publishPage, (ctx) => pages.publishPage(ctx, ctx.params)),
    route(unpublishPage, (ctx) => pages.unpublishPage(ctx, ctx.params)),
    route(getPublicPage, (ctx) => readPublicPage({ db: ctx.db, deps: ctx.deps, token: ctx.params.token })),
  ];
}
