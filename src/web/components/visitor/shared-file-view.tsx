import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, X } from "lucide-react";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import type { Comment, Reply } from "../../../contract/comments.ts";
import {
  createPublicShareComment,
  downloadPublicShareFile,
  getPublicShareFile,
  listPublicShareComments,
  listPublicShareReplies,
} from "../../../contract/operations/shared-links.ts";
import type { PublicFile } from "../../../contract/sharing.ts";
import { errorMessage } from "../../api/error-message.ts";
import { viaPublicProxy, visitorCall } from "../../api/visitor.ts";
import { cn } from "../../lib/cn.ts";
import { formatBytes, formatDateTime, formatResolution, formatUtcDate } from "../../lib/format.ts";
import { isTypingTarget } from "../file/keys.ts";
import { authorName } from "../review/comment-subject.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Input, Textarea } from "../ui/input.tsx";
import { FileMedia } from "./file-media.tsx";

export interface ShareAccess {
  token: string;
  accessToken: string | null;
  access: "view" | "comment" | "download";
  anonymousComments: boolean;
}

function Byline({ item }: { item: Comment | Reply }) {
  return (
    <p className="font-medium text-xs">
      {authorName(item)}{" "}
      <span className="font-normal text-zinc-600 dark:text-zinc-400">{formatDateTime(item.created_at)}</span>
    </p>
  );
}

/** The replies the team wrote to a visitor's (or anyone's) comment, under it. */
function Replies({ share, fileId, comment }: { share: ShareAccess; fileId: string; comment: Comment }) {
  const replies = useQuery({
    queryKey: ["visitor-replies", share.token, fileId, comment.id, comment.reply_count],
    queryFn: () =>
      visitorCall(listPublicShareReplies, {
        params: { token: share.token, fileId, commentId: comment.id },
        accessToken: share.accessToken,
        query: { limit: 100 },
      }),
  });
  if (!replies.data?.data.length) return null;
  return (
    <ul aria-label="Replies" className="mt-2 space-y-2 border-zinc-300 border-l-2 pl-3 dark:border-zinc-600">
      {replies.data.data.map((reply) => (
        <li key={reply.id}>
          <Byline item={reply} />
          <p className="mt-0.5 whitespace-pre-wrap">{reply.text}</p>
        </li>
      ))}
    </ul>
  );
}

function Comments({ share, fileId }: { share: ShareAccess; fileId: string }) {
  const queryClient = useQueryClient();
  const input = { params: { token: share.token, fileId }, accessToken: share.accessToken };
  const key = ["visitor-comments", share.token, fileId];
  const comments = useQuery({
    queryKey: key,
    queryFn: () => visitorCall(listPublicShareComments, { ...input, query: { limit: 100 } }),
  });
  const [name, setName] = useState("");
  const [text, setText] = useState("");
  const post = useMutation({
    mutationFn: () =>
      visitorCall(createPublicShareComment, {
        ...input,
        body: { anonymous_name: name.trim(), text: text.trim() },
      }),
    onSuccess: () => {
      setText("");
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && text.trim()) post.mutate();
  };
  return (
    <section aria-label="Comments" className="mt-4">
      <h3 className="font-medium text-sm">Comments</h3>
      <ul className="mt-2 space-y-2">
        {comments.data?.data.map((c) => (
          <li key={c.id} className="rounded-md bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-800">
            <div className="flex items-start justify-between gap-2">
              <Byline item={c} />
              {c.resolved && <Badge tone="green">Resolved</Badge>}
            </div>
            <p className="mt-0.5 whitespace-pre-wrap">{c.text}</p>
            {c.has_replies && <Replies share={share} fileId={fileId} comment={c} />}
          </li>
        ))}
        {comments.data?.data.length === 0 && (
          <li className="text-sm text-zinc-600 dark:text-zinc-400">No comments yet.</li>
        )}
      </ul>
      {share.anonymousComments && (
        <form onSubmit={submit} className="mt-3 space-y-2">
          <Input
            aria-label="Your name"
            placeholder="Your name"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
          />
          <Textarea
            aria-label="Comment"
            placeholder="Add a comment…"
            value={text}
            maxLength={10_000}
            rows={3}
            onChange={(e) => setText(e.target.value)}
          />
          {post.error && (
            <p role="alert" className="text-red-700 text-sm">
              {errorMessage(post.error)}
            </p>
          )}
          <Button type="submit" disabled={post.isPending || !name.trim() || !text.trim()}>
            Post comment
          </Button>
        </form>
      )}
    </section>
  );
}

/** Where the share page puts the file beside the files (`lg:`); below it, the file comes after them. */
const SIDE_BY_SIDE = "(min-width: 64rem)";

/**
 * Brings a newly opened file into view where it opens below the files (a phone), which would otherwise leave
 * the tap without a visible answer. Once its details are in: before, the short view sat at the page's end, where
 * no scroll can bring its top up, and then grew below the screen.
 */
function useShownWhenOpened(section: RefObject<HTMLElement | null>, fileId: string, loaded: boolean) {
  useEffect(() => {
    if (!fileId || !loaded || window.matchMedia(SIDE_BY_SIDE).matches) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    section.current?.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }, [section, fileId, loaded]);
}

/**
 * Escape closes the view, as Close does; not while the key is someone else's: a field being typed in (a comment
 * being written stays), a video's own controls, a menu (the file page's own keys follow the same rule).
 */
function useCloseOnEscape(onClose: (() => void) | undefined) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !close.current || isTypingTarget(event)) return;
      close.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** One file of a share: its preview, details, download when allowed, versions, properties and comments. */
export function SharedFileView({
  share,
  fileId,
  onClose,
}: {
  share: ShareAccess;
  fileId: string;
  /** Closes the view opened from the share's files; absent, the view is the page (a link to one file). */
  onClose?: () => void;
}) {
  const input = { params: { token: share.token, fileId }, accessToken: share.accessToken };
  const file = useQuery({
    queryKey: ["visitor-file", share.token, fileId],
    queryFn: () => visitorCall(getPublicShareFile, input),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (versionId?: string) => {
    setProblem(null);
    try {
      const answer = await visitorCall(downloadPublicShareFile, {
        ...input,
        query: versionId ? { version_id: versionId } : {},
      });
      window.location.assign(viaPublicProxy(answer.url) ?? answer.url);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const data: PublicFile | undefined = file.data;
  const section = useRef<HTMLElement>(null);
  useShownWhenOpened(section, fileId, data !== undefined);
  useCloseOnEscape(onClose);
  const standalone = onClose === undefined;
  return (
    // Beside the files it stays in view while they scroll (a long share), scrolling on its own when taller.
    <section
      ref={section}
      aria-label={data ? `File ${data.name}` : "File"}
      className={cn(
        "scroll-mt-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900",
        !standalone && "lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:self-start lg:overflow-y-auto",
      )}
    >
      <div className="flex items-start gap-2">
        {/* On a link to one file the page's heading names it already. */}
        <h2 className={cn("min-w-0 flex-1 truncate font-semibold", standalone && "sr-only")}>
          {data?.name ?? "…"}
        </h2>
        {standalone && <span className="flex-1" />}
        {data && share.access === "download" && (
          <Button onClick={() => download()}>
            <Download className="size-4" aria-hidden="true" /> Download
          </Button>
        )}
        {onClose && (
          <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
            <X className="size-4" aria-hidden="true" />
          </Button>
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-red-700 text-sm">
          {problem}
        </p>
      )}
      {data && (
        <>
          <div className="mt-3 flex max-h-[60vh] justify-center overflow-hidden rounded-md bg-zinc-100 dark:bg-zinc-950">
            <FileMedia
              name={data.name}
              still={viaPublicProxy(data.preview_url ?? data.thumbnail_url)}
              video={data.kind === "video" ? viaPublicProxy(data.scrub_url) : undefined}
              className="max-h-[60vh]"
            />
          </div>
          <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
            {data.extension.toUpperCase()} · {formatBytes(data.size)}
            {data.resolution ? ` · ${formatResolution(data.resolution)}` : ""}
          </p>
          {data.properties && data.properties.length > 0 && (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {data.properties.map((p) => (
                <div key={p.name} className="contents">
                  <dt className="text-zinc-600 dark:text-zinc-400">{p.name}</dt>
                  <dd>{p.type === "date" ? formatUtcDate(p.text) : p.text}</dd>
                </div>
              ))}
            </dl>
          )}
          {data.versions && data.versions.length > 1 && (
            <section aria-label="Versions" className="mt-3">
              <h3 className="font-medium text-sm">Versions</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {data.versions.map((v) => (
                  <li key={v.id} className="flex items-center gap-2">
                    Version {v.version_number} {v.is_active ? "(current)" : ""} · {formatBytes(v.size)}
                    {share.access === "download" && (
                      <button
                        type="button"
                        className="text-accent-700 underline"
                        onClick={() => download(v.id)}
                      >
                        Download
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {share.access !== "view" && <Comments share={share} fileId={fileId} />}
        </>
      )}
    </section>
  );
}
