import { useQuery } from "@tanstack/react-query";
import type { File } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { errorMessage } from "../../api/error-message.ts";
import { fileSharedLinksQuery } from "../../api/shared-links.ts";
import { plural } from "../../lib/format.ts";
import { LinkAccess, LinkActions, LinkExpiry } from "../sharing/link-actions.tsx";
import { ShareButton } from "../sharing/share-button.tsx";
import { PanelSection } from "./panel-section.tsx";

/**
 * The file's own shared links (the brandspace's list leaves them out, as the API does), each to copy, edit or
 * revoke, and "Share" for another.
 */
export function FileSharedLinks({ file }: { file: File }) {
  const access = useAccess();
  const readDenial = access.denial("shared_links:read");
  const links = useQuery({ ...fileSharedLinksQuery(file.id), enabled: !readDenial });
  const muted = "text-sm text-zinc-600 dark:text-zinc-400";
  let body: React.ReactNode;
  if (readDenial) body = <p className={muted}>{readDenial}</p>;
  else if (links.isPending) body = <p className={muted}>Loading…</p>;
  else if (links.isError)
    body = <p className="text-red-700 text-sm dark:text-red-400">{errorMessage(links.error)}</p>;
  else if (links.data.length === 0) body = <p className={muted}>Not shared outside the team.</p>;
  else
    body = (
      <ul aria-label="Shared links of this file" className="space-y-2">
        {links.data.map((link) => (
          <li key={link.id} className="flex items-center gap-2">
            <div className="min-w-0 flex-1 text-sm">
              <p>
                <LinkAccess link={link} />
              </p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                <LinkExpiry link={link} wording="sentence" /> · {plural(link.view_count, "view")}
              </p>
            </div>
            <LinkActions link={link} denial={access.denial("shared_links:write")} />
          </li>
        ))}
      </ul>
    );
  return (
    <PanelSection
      title="Shared links"
      action={
        !readDenial &&
        !file.trashed_at && (
          <ShareButton target={{ type: "file", id: file.id, name: file.name }} variant="ghost" size="sm" />
        )
      }
    >
      {body}
    </PanelSection>
  );
}
