import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { CommentsInbox } from "../../components/review/comments-inbox.tsx";

/** The inbox's filters live in the URL, so a filtered view can be shared and survives a reload. */
const InboxSearch = z.object({
  library: z.string().max(64).optional().catch(undefined),
  author: z.string().max(64).optional().catch(undefined),
  mentions: z.literal("me").optional().catch(undefined),
  state: z.enum(["open", "resolved", "all"]).optional().catch(undefined),
});
export type InboxSearch = z.infer<typeof InboxSearch>;

export const Route = createFileRoute("/_app/comments")({
  validateSearch: InboxSearch,
  component: function InboxRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <CommentsInbox
        search={search}
        onSearch={(next) => navigate({ search: (current) => ({ ...current, ...next }), replace: true })}
      />
    );
  },
});
