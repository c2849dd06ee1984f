import { createFileRoute } from "@tanstack/react-router";
import { TrashView } from "../../components/browser/trash-view.tsx";

export const Route = createFileRoute("/_app/trash")({
  component: TrashView,
});
