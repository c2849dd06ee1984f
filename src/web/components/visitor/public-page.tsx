import { useQuery } from "@tanstack/react-query";
import { getPublicPage } from "../../../contract/operations/pages.ts";
import { viaPublicProxy, visitorCall } from "../../api/visitor.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { BlockView } from "../pages/block-view.tsx";
import { VisitorFrame, VisitorProblem } from "./visitor-frame.tsx";

/** A published page for anyone with its link. */
export function PublicPageView({ token }: { token: string }) {
  const page = useQuery({
    queryKey: ["visitor-page", token],
    queryFn: () => visitorCall(getPublicPage, { params: { token } }),
    retry: false,
  });
  useDocumentTitle(page.data?.title);
  if (page.error) return <VisitorProblem error={page.error} kind="page" />;
  if (!page.data) return <VisitorFrame>{null}</VisitorFrame>;
  return (
    <VisitorFrame brand={page.data.brandspace_name}>
      <h1 className="mx-auto mb-6 max-w-3xl font-bold text-4xl tracking-tight">{page.data.title}</h1>
      <BlockView content={page.data.content} references={page.data.references} rewrite={viaPublicProxy} />
    </VisitorFrame>
  );
}
