import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useBlocker } from "@tanstack/react-router";
import { ArrowLeft, Eye, Pencil, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { type PageBlock, PageContent } from "../../../../contract/pages.ts";
import { useAccess } from "../../../api/access.ts";
import { viaBff } from "../../../api/client.ts";
import { errorMessage } from "../../../api/error-message.ts";
import { pageQuery, usePublishPage, useUnpublishPage, useUpdatePage } from "../../../api/pages.ts";
import { BlockEditor, emptyBlock } from "../../../components/pages/block-editor.tsx";
import { BLOCK_LABELS, type BlockType } from "../../../components/pages/block-names.ts";
import { BlockView } from "../../../components/pages/block-view.tsx";
import { usePreviewReferences } from "../../../components/pages/preview-references.ts";
import { LinkField } from "../../../components/sharing/copy-button.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { GuardedButton } from "../../../components/ui/guarded-button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageSkeleton } from "../../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { toast } from "../../../lib/toast.ts";

export const Route = createFileRoute("/_app/pages/$pageId")({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(pageQuery(params.pageId)),
  pendingComponent: PageSkeleton,
  component: PageEditor,
});

/** What is missing before the blocks can be saved, in words; null when they can. */
function incomplete(blocks: PageBlock[]): string | null {
  const at = (i: number) => `block ${i + 1} (${BLOCK_LABELS[blocks[i]!.type]})`;
  for (const [i, b] of blocks.entries()) {
    if (b.type === "image" && !b.file_id) return `Choose an image for ${at(i)}.`;
    if (b.type === "board_embed" && !b.board_id) return `Choose a board for ${at(i)}.`;
    if (b.type === "file_grid" && b.file_ids.length === 0) return `Add files to ${at(i)}.`;
  }
  const parsed = PageContent.safeParse({ version: 1, blocks });
  return parsed.success ? null : `The page cannot be saved: ${parsed.error.issues[0]!.message}.`;
}

function PageEditor() {
  const { pageId } = Route.useParams();
  const { data: page } = useSuspenseQuery(pageQuery(pageId));
  const access = useAccess();
  const [title, setTitle] = useState(page.title);
  const [blocks, setBlocks] = useState<PageBlock[]>(page.content.blocks);
  const [preview, setPreview] = useState(false);
  const previewReferences = usePreviewReferences(blocks, page.references, preview);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useUpdatePage();
  const publish = usePublishPage();
  const unpublish = useUnpublishPage();
  const dirty = title !== page.title || JSON.stringify(blocks) !== JSON.stringify(page.content.blocks);
  // Leaving with unsaved changes asks first, inside the app and when the tab closes or reloads.
  const leaving = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  useDocumentTitle(title.trim() || "Untitled page");
  const editDenial = access.denial("pages:write", "pages.create");
  const publishDenial = access.denial("pages:write", "pages.publish");

  const saveNow = () => {
    const missing = incomplete(blocks);
    if (missing) return setProblem(missing);
    if (!title.trim()) return setProblem("Give the page a title.");
    setProblem(null);
    save.mutate(
      {
        params: { pageId },
        body: {
          ...(title !== page.title ? { title: title.trim() } : {}),
          ...(JSON.stringify(blocks) !== JSON.stringify(page.content.blocks)
            ? { content: { version: 1, blocks } }
            : {}),
        },
      },
      { onSuccess: () => toast.success("Page saved"), onError: (error) => setProblem(errorMessage(error)) },
    );
  };

  useEffect(() => {
    const keys = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key === "s") {
        event.preventDefault();
        if (dirty) saveNow();
      }
    };
    window.addEventListener("keydown", keys);
    return () => window.removeEventListener("keydown", keys);
  });

  const add = (type: BlockType) => setBlocks((current) => [...current, emptyBlock(type)]);
  return (
    <div className="mx-auto max-w-4xl px-6 pt-4 pb-16">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to="/pages"
          className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:underline dark:text-zinc-400"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Pages
        </Link>
        <div className="ml-auto flex gap-2">
          <Button variant="secondary" onClick={() => setPreview((p) => !p)} aria-pressed={preview}>
            {preview ? (
              <Pencil className="size-4" aria-hidden="true" />
            ) : (
              <Eye className="size-4" aria-hidden="true" />
            )}
            {preview ? "Edit" : "Preview"}
          </Button>
          <GuardedButton denial={editDenial} disabled={!dirty || save.isPending} onClick={saveNow}>
            {dirty ? "Save" : "Saved"}
          </GuardedButton>
          {page.published ? (
            <GuardedButton
              variant="secondary"
              denial={publishDenial}
              onClick={() =>
                unpublish.mutate(
                  { params: { pageId } },
                  { onSuccess: () => toast.success("Page unpublished") },
                )
              }
            >
              Unpublish
            </GuardedButton>
          ) : (
            <GuardedButton
              variant="secondary"
              denial={publishDenial ?? (dirty ? "Save the page before publishing it." : null)}
              onClick={() =>
                publish.mutate(
                  { params: { pageId } },
                  { onError: (error) => setProblem(errorMessage(error)) },
                )
              }
            >
              Publish
            </GuardedButton>
          )}
        </div>
      </div>
      {page.published && page.published_url && (
        <div className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 p-3 dark:border-emerald-900 dark:bg-emerald-950/40">
          <p className="mb-2 text-emerald-900 text-sm dark:text-emerald-200">
            Published: anyone with this link can read the page.
          </p>
          <LinkField url={page.published_url} label="Public link" />
        </div>
      )}
      <ConfirmDialog
        open={leaving.status === "blocked"}
        onOpenChange={(open) => !open && leaving.reset?.()}
        title="Leave without saving?"
        confirmLabel="Leave without saving"
        danger
        onConfirm={async () => leaving.proceed?.()}
      >
        <p>The changes made to this page since it was last saved will be lost.</p>
      </ConfirmDialog>
      <h1 className="sr-only">{title.trim() || "Untitled page"}</h1>
      <label htmlFor="page-title" className="sr-only">
        Title
      </label>
      <Input
        id="page-title"
        value={title}
        maxLength={255}
        onChange={(e) => setTitle(e.target.value)}
        className="mt-4 h-12 border-transparent bg-transparent px-0 font-semibold text-2xl dark:border-transparent dark:bg-transparent"
      />
      {problem && (
        <p role="alert" className="mt-2 text-red-700 text-sm dark:text-red-400">
          {problem}
        </p>
      )}
      {preview ? (
        <div className="mt-6">
          <BlockView content={{ version: 1, blocks }} references={previewReferences} rewrite={viaBff} />
          {dirty && blocks.some((b) => b.type === "board_embed" && !page.references?.boards[b.board_id]) && (
            <p className="mt-6 text-center text-xs text-zinc-600 dark:text-zinc-400">
              Save to see newly chosen boards in the preview.
            </p>
          )}
        </div>
      ) : (
        <div className="mt-4">
          <BlockEditor pageId={page.id} blocks={blocks} onChange={setBlocks} references={page.references} />
          <fieldset className="mt-4 flex flex-wrap gap-2">
            <legend className="sr-only">Add a block</legend>
            {(Object.keys(BLOCK_LABELS) as BlockType[]).map((type) => (
              <Button key={type} variant="secondary" size="sm" onClick={() => add(type)}>
                <Plus className="size-3.5" aria-hidden="true" /> {BLOCK_LABELS[type]}
              </Button>
            ))}
          </fieldset>
        </div>
      )}
    </div>
  );
}
