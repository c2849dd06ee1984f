import { createFileRoute } from "@tanstack/react-router";
import { TransferPage } from "../../components/visitor/transfer-page.tsx";

/** A transfer's recipient page: no login, no key; it reads the public API through /public-api. */
export const Route = createFileRoute("/t/$token")({
  component: TransferRoute,
});

function TransferRoute() {
  const { token } = Route.useParams();
  return <TransferPage token={token} />;
}
