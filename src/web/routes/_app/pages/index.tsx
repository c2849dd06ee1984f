import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { FileText, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { Page } from "../../../../contract/pages.ts";
import { scopeSatisfied } from "../../../../contract/scopes.ts";
import { meQuery, useAccess } from "../../../api/access.ts";
import { errorMessage } from "../../../api/error-message.ts";
import { librariesQuery } from "../../../api/libraries.ts";
import { pagesQuery, useCreatePage } from "../../../api/pages.ts";
import { PageHeader } from "../../../components/shell/page-header.tsx";
import { AccessNotice } from "../../../components/ui/access-notice.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { DialogActions, FormError } from "../../../components/ui/dialog-form.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { GuardedButton } from "../../../components/ui/guarded-button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { ListTable } from "../../../components/ui/list-table.tsx";
import { RelativeTime } from "../../../components/ui/relative-time.tsx";
import { PageSkeleton } from "../../../components/ui/skeleton.tsx";

export const Route = createFileRoute("/_app/pages/")({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery());
    if (scopeSatisfied(me.key.scopes, "pages:read")) await queryClient.ensureInfiniteQueryData(pagesQuery());
  },
  pendingComponent: PageSkeleton,
  component: PagesPage,
});

function NewPageDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const libraries = useQuery({ ...librariesQuery(), enabled: open });
  const [title, setTitle] = useState("");
  const [libraryId, setLibraryId] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreatePage();
  const navigate = useNavigate();
  const library = libraryId || libraries.data?.[0]?.id || "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setProblem("Give the page a title.");
    create.mutate(
      { body: { title: title.trim(), library_id: library } },
      {
        onSuccess: (page) => {
          onOpenChange(false);
          void navigate({ to: "/pages/$pageId", params: { pageId: page.id } });
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New page">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="page-title" label="Title">
          <Input
            id="page-title"
            autoFocus
            value={title}
            maxLength={255}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field id="page-library" label="Library">
          <select
            id="page-library"
            value={library}
            onChange={(e) => setLibraryId(e.target.value)}
            className="h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            {libraries.data?.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </Field>
        <FormError message={problem} />
        <DialogActions
          submit="Create page"
          disabled={create.isPending || !library}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}

function PageList({ denial, onCreate }: { denial: string | null; onCreate: () => void }) {
  const pages = useInfiniteQuery(pagesQuery());
  const all = (pages.data?.pages.flatMap((p) => p.data) ?? []) as Page[];
  if (pages.isSuccess && all.length === 0) {
    return (
      <div className="mx-6 flex flex-col items-center rounded-lg border border-zinc-300 border-dashed px-6 py-12 text-center dark:border-zinc-700">
        <FileText className="size-8 text-accent-600 dark:text-accent-500" aria-hidden="true" />
        <h2 className="mt-3 font-medium">No pages yet</h2>
        <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
          Pages put headings, text, images from the library and boards together: brand guidelines, a campaign
          brief, a press page. Publish one to share it with a link.
        </p>
        <GuardedButton className="mt-5" denial={denial} onClick={onCreate}>
          <Plus className="size-4" aria-hidden="true" /> New page
        </GuardedButton>
      </div>
    );
  }
  return (
    <>
      <ListTable
        caption="Pages"
        columns={[
          { key: "title", label: "Title" },
          { key: "status", label: "Status", className: "w-36" },
          { key: "updated", label: "Updated", className: "w-40" },
        ]}
      >
        {all.map((page) => (
          <tr key={page.id} className="relative hover:bg-zinc-50 dark:hover:bg-zinc-900">
            <td className="max-w-0 py-3 pr-3 pl-6">
              <Link
                to="/pages/$pageId"
                params={{ pageId: page.id }}
                className="block truncate font-medium after:absolute after:inset-0 hover:underline"
              >
                {page.title}
              </Link>
            </td>
            <td className="px-3 py-3">
              {page.published ? <Badge tone="green">Published</Badge> : <Badge tone="grey">Draft</Badge>}
            </td>
            <td className="py-3 pr-6 pl-3 text-zinc-600 dark:text-zinc-400">
              <RelativeTime iso={page.updated_at} />
            </td>
          </tr>
        ))}
      </ListTable>
      {pages.hasNextPage && (
        <Button variant="secondary" className="mx-6 mt-4" onClick={() => pages.fetchNextPage()}>
          Load more
        </Button>
      )}
    </>
  );
}

function PagesPage() {
  const access = useAccess();
  const [creating, setCreating] = useState(false);
  const readDenial = access.denial("pages:read");
  const writeDenial = access.denial("pages:write", "pages.create");
  return (
    <div className="pb-10">
      <PageHeader
        title="Pages"
        actions={
          !readDenial && (
            <GuardedButton denial={writeDenial} onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" /> New page
            </GuardedButton>
          )
        }
      />
      {readDenial ? (
        <AccessNotice title="Pages are not available to this dashboard" reason={readDenial} />
      ) : (
        <PageList denial={writeDenial} onCreate={() => setCreating(true)} />
      )}
      {creating && <NewPageDialog open onOpenChange={setCreating} />}
    </div>
  );
}
