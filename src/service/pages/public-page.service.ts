import type { PageContent } from "../../contract/pages.ts";
import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import { ApiError } from "../platform/errors.ts";
import { actingAsCreator } from "../sharing/acting-as.ts";
import { resolveReferences } from "./page-references.ts";
import { findPublished } from "./pages.repository.ts";

const gone = () => new ApiError("not_found", "This page is not published.");

/**
 * A published page for anyone with its URL. References resolve as the page's creator sees them (what the publisher
 * chose to show), so nothing outside that reaches the reader, and nothing once the creator leaves.
 */
export async function getPublicPage({ db, deps, token }: { db: Db; deps: ServiceDeps; token: string }) {
  const row = await findPublished(db, token.slice(0, 100));
  if (!row?.page.publishedAt) throw gone();
  const auth = await actingAsCreator(db, row.file.brandspaceId, row.file.createdById);
  if (!auth) throw gone();
  const content = row.page.content as PageContent;
  return {
    object: "public_page" as const,
    brandspace_name: auth.brandspace.name,
    title: row.file.name,
    content,
    published_at: row.page.publishedAt.toISOString(),
    references: await resolveReferences({ db, deps, auth }, content),
  };
}
