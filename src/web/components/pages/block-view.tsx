import { type CSSProperties, useState } from "react";
import type { PageBlock, PageContent, PageReferences } from "../../../contract/pages.ts";
import { cn } from "../../lib/cn.ts";
import { lazyDialog } from "../ui/dialog.tsx";
import { FileTile } from "./file-tile.tsx";
import type { TextRun } from "./rich-text.ts";
import { type UrlRewrite, viewerFiles } from "./viewer-files.ts";

const FileViewer = lazyDialog(() => import("./file-viewer.tsx").then((m) => m.FileViewer));

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
  onOpen,
}: {
  block: PageBlock;
  references: PageReferences;
  rewrite: UrlRewrite;
  /** Opens one of the block's files in the viewer. */
  onOpen: (fileId: string) => void;
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
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => onOpen(file.id)}
            className="mx-auto block cursor-zoom-in rounded-md"
          >
            <img
              src={rewrite(file.preview_url ?? file.thumbnail_url)}
              alt={block.alt ?? file.name}
              className="transparency-grid max-h-[70vh] rounded-md object-contain"
            />
          </button>
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
              <li key={id}>
                {file?.available ? (
                  <FileTile
                    name={file.name}
                    kind={file.kind}
                    thumbnail={rewrite(file.thumbnail_url)}
                    onOpen={() => onOpen(id)}
                  />
                ) : (
                  <p className="flex aspect-square items-center justify-center rounded-md bg-zinc-100 p-2 text-center text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">
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
                  <FileTile
                    name={f.name}
                    kind={f.kind}
                    thumbnail={rewrite(f.thumbnail_url)}
                    onOpen={() => onOpen(f.id)}
                  />
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

/**
 * A page's blocks as readers see them (the public page, and the editor's preview, where the viewer opens too so
 * that the page is tried as readers will use it). A file of an image, a grid or a board's gallery opens in the
 * viewer, which steps through the files of that block.
 */
export function BlockView({
  content,
  references,
  rewrite,
}: {
  content: PageContent;
  references: PageReferences;
  rewrite: UrlRewrite;
}) {
  const [opened, setOpened] = useState<{ blockId: string; index: number } | null>(null);
  const openedBlock = opened && content.blocks.find((b) => b.id === opened.blockId);
  const files = openedBlock ? viewerFiles(openedBlock, references, rewrite) : [];
  const open = (block: PageBlock, fileId: string) => {
    const index = viewerFiles(block, references, rewrite).findIndex((f) => f.id === fileId);
    if (index >= 0) setOpened({ blockId: block.id, index });
  };
  return (
    <article className="mx-auto max-w-3xl space-y-5">
      {content.blocks.map((block) => (
        <Block
          key={block.id}
          block={block}
          references={references}
          rewrite={rewrite}
          onOpen={(fileId) => open(block, fileId)}
        />
      ))}
      <FileViewer
        open={opened !== null && files.length > 0}
        onOpenChange={(next) => !next && setOpened(null)}
        files={files}
        index={Math.min(opened?.index ?? 0, files.length - 1)}
        onIndexChange={(index) => opened && setOpened({ ...opened, index })}
      />
    </article>
  );
}
