import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/shell/page-header.tsx";

export const Route = createFileRoute("/_app/settings")({
  component: () => <PageHeader title="Settings" />,
});
