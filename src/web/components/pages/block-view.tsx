import type { CSSProperties } from "react";
import type { PageBlock, PageContent, PageReferences } from "../../../contract/pages.ts";
import { cn } from "../../lib/cn.ts";
import type { TextRun } from "./rich-text.ts";

/** Signed URLs are shown through a rewrite: the dashboard's `/api` proxy, or the visitors' `/public-api`. */
export type UrlRewrite = (url: string | null | undefined) => string | undefined;

function Runs({ runs }: { runs: TextRun[] }) {
  return (
    <>
      {runs.map((run, index) => {
        const key = `${index}:${run.text.slice(0, 8)}`;
        let node: React.ReactNode = run.text;
        if (run.code)
          node = <code className="rounded bg-zinc-100 px-1 text-[0.9em] dark:bg-zinc-800">{node}</code>;
        if (run.italic) node = <em>{node}</em>;
        if (run.bold) node = <strong>{node}</strong>;
        if (run.link)
          node = (
            <a
              href={run.link}
              rel="noopener noreferrer nofollow"
              target="_blank"
              className="text-accent-700 underline dark:text-accent-400"
            >
              {node}
            </a>
          );
        return <span key={key}>{node}</span>;
      })}
    </>
  );
}

function Unavailable({ what }: { what: string }) {
  return (
    <p className="rounded-md border border-zinc-300 border-dashed p-4 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
      {what} is not available.
    </p>
  );
}

function Block({
  block,
  references,
  rewrite,
}: {
  block: PageBlock;
  references: PageReferences;
  rewrite: UrlRewrite;
}) {
  switch (block.type) {
    case "heading": {
      const Tag = (["h1", "h2", "h3"] as const)[block.level - 1]!;
      const size = ["text-3xl", "text-2xl", "text-xl"][block.level - 1];
      return <Tag className={cn("font-semibold tracking-tight", size)}>{block.text}</Tag>;
    }
    case "paragraph":
      return (
        <p className="text-base leading-7">
          <Runs runs={block.runs} />
        </p>
      );
    case "divider":
      return <hr className="border-zinc-200 dark:border-zinc-800" />;
    case "image": {
      const file = references.files[block.file_id];
      if (!file?.available) return <Unavailable what="This image" />;
      return (
        <figure>
          <img
            src={rewrite(file.preview_url ?? file.thumbnail_url)}
            alt={block.alt ?? file.name}
            className="transparency-grid mx-auto max-h-[70vh] rounded-md object-contain"
          />
          {block.caption && (
            <figcaption className="mt-2 text-center text-sm text-zinc-600 dark:text-zinc-400">
              {block.caption}
            </figcaption>
          )}
        </figure>
      );
    }
    case "file_grid":
      return (
        <ul
          // Its columns from a small screen on; on a phone at most two, so that names keep a few words.
          className="grid grid-cols-[repeat(var(--phone-columns),minmax(0,1fr))] gap-3 sm:grid-cols-[repeat(var(--columns),minmax(0,1fr))]"
          style={
            {
              "--columns": block.columns ?? 3,
              "--phone-columns": Math.min(block.columns ?? 3, 2),
            } as CSSProperties
          }
          aria-label="Files"
        >
          {block.file_ids.map((id) => {
            const file = references.files[id];
            return (
              <li key={id} className="overflow-hidden rounded-md bg-zinc-100 dark:bg-zinc-800">
                {file?.available ? (
                  <>
                    <img
                      src={rewrite(file.thumbnail_url)}
                      alt={file.name}
                      className="aspect-square w-full object-scale-down"
                    />
                    <p className="truncate px-2 py-1 text-xs">{file.name}</p>
                  </>
                ) : (
                  <p className="flex aspect-square items-center justify-center p-2 text-center text-xs text-zinc-600">
                    Not available
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      );
    case "board_embed": {
      const board = references.boards[block.board_id];
      if (!board?.available) return <Unavailable what="This board" />;
      return (
        <section
          aria-label={`Board ${board.name}`}
          className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        >
          <h3 className="font-medium">{board.name}</h3>
          {block.view === "list" ? (
            <ul className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
              {board.files.map((f) => (
                <li key={f.id} className="py-1.5">
                  {f.name}
                </li>
              ))}
            </ul>
          ) : (
            <ul className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-2">
              {board.files.map((f) => (
                <li key={f.id}>
                  <img
                    src={rewrite(f.thumbnail_url)}
                    alt=""
                    className="aspect-square w-full rounded bg-zinc-100 object-scale-down dark:bg-zinc-800"
                  />
                  <p className="mt-1 truncate text-xs">{f.name}</p>
                </li>
              ))}
            </ul>
          )}
          {board.has_more && <p className="mt-2 text-xs text-zinc-600">And more on the board.</p>}
        </section>
      );
    }
  }
}

/** A page's blocks as readers see them (the editor's preview and the public page). */
export function BlockView({
  content,
  references,
  rewrite,
}: {
  content: PageContent;
  references: PageReferences;
  rewrite: UrlRewrite;
}) {
  return (
    <article className="mx-auto max-w-3xl space-y-5">
      {content.blocks.map((block) => (
        <Block key={block.id} block={block} references={references} rewrite={rewrite} />
      ))}
    </article>
  );
}
