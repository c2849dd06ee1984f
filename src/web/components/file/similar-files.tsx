import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { File } from "../../../contract/files.ts";
import { viaBff } from "../../api/client.ts";
import { errorMessage } from "../../api/error-message.ts";
import { similarFilesQuery } from "../../api/files.ts";
import { PanelSection } from "./panel-section.tsx";

/** Files whose pictures look alike carry visual features; the others have nothing to compare. */
const VISUAL_KINDS = new Set(["image", "video"]);

const MUTED = "text-sm text-zinc-600 dark:text-zinc-400";

/** The file's look-alikes with their similarity, each a link to its page (opens in a new tab like any link). */
export function SimilarFiles({ file }: { file: File }) {
  const comparable = VISUAL_KINDS.has(file.kind) && file.status === "ready";
  const similar = useQuery({ ...similarFilesQuery(file.id), enabled: comparable });
  let body: React.ReactNode;
  if (!comparable) {
    body = (
      <p className={MUTED}>
        {VISUAL_KINDS.has(file.kind)
          ? "Look-alikes appear once the file is processed."
          : "Only pictures and videos are compared."}
      </p>
    );
  } else if (similar.isPending) body = <p className={MUTED}>Looking for look-alikes…</p>;
  else if (similar.isError)
    body = <p className="text-red-700 text-sm dark:text-red-400">{errorMessage(similar.error)}</p>;
  else if (similar.data.data.length === 0)
    body = <p className={MUTED}>No other pictures to compare with yet.</p>;
  else
    body = (
      <ul aria-label="Similar files" className="grid grid-cols-2 gap-2">
        {similar.data.data.map((match) => (
          <li key={match.id}>
            <Link
              to="/files/$fileId"
              params={{ fileId: match.id }}
              className="group block rounded-md focus-visible:outline-2 focus-visible:outline-accent-600"
            >
              <div className="aspect-[4/3] overflow-hidden rounded-md bg-zinc-100 dark:bg-zinc-800">
                {match.thumbnail_url && (
                  <img
                    src={viaBff(match.thumbnail_url)}
                    alt=""
                    loading="lazy"
                    className="transparency-grid size-full object-cover transition-transform group-hover:scale-105"
                  />
                )}
              </div>
              <span className="mt-1 block truncate text-xs group-hover:underline">{match.name}</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                {Math.round(match.similarity * 100)}% similar
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  return <PanelSection title="Look-alikes">{body}</PanelSection>;
}
