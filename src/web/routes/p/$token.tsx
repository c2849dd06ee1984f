import { createFileRoute } from "@tanstack/react-router";
import { PublicPageView } from "../../components/visitor/public-page.tsx";

/** A published page: no login, no key; it reads the public API through /public-api. */
export const Route = createFileRoute("/p/$token")({
  component: PublishedPageRoute,
});

function PublishedPageRoute() {
  const { token } = Route.useParams();
  return <PublicPageView token={token} />;
}
