import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { SharePage } from "../../components/visitor/share-page.tsx";

const ShareSearch = z.object({
  folder: z.string().max(100).optional().catch(undefined),
  // The file open in its view: a visitor can send a link to one file of a shared folder, and Back closes it.
  file: z.string().max(100).optional().catch(undefined),
});

/** A shared link's visitor page: no login, no key; it reads the public API through /public-api. */
export const Route = createFileRoute("/s/$token")({
  validateSearch: ShareSearch,
  component: ShareRoute,
});

function ShareRoute() {
  const { token } = Route.useParams();
  const { folder, file } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SharePage
      token={token}
      folderId={folder}
      fileId={file}
      onFolder={(next) => void navigate({ search: next ? { folder: next } : {} })}
      // Opening or closing a file keeps the visitor's place among the files (the view scrolls to itself).
      onFile={(next) =>
        void navigate({ search: (current) => ({ ...current, file: next }), resetScroll: false })
      }
    />
  );
}
