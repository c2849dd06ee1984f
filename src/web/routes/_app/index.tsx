import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { Library as LibraryIcon, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { createLibrary, listLibraries } from "../../../contract/operations/libraries.ts";
import { useAccess } from "../../api/access.ts";
import { ApiError } from "../../api/client.ts";
import { librariesQuery } from "../../api/libraries.ts";
import { useApiMutation } from "../../api/query.ts";
import { PageHeader } from "../../components/shell/page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { GuardedButton } from "../../components/ui/guarded-button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { PageSkeleton } from "../../components/ui/skeleton.tsx";

export const Route = createFileRoute("/_app/")({
  loader: ({ context }) => context.queryClient.ensureQueryData(librariesQuery()),
  pendingComponent: PageSkeleton,
  component: LibrariesPage,
});

function NewLibraryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const create = useApiMutation(createLibrary, { invalidates: [listLibraries] });
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { body: { name, description: description || undefined } },
      {
        onSuccess: (library) => {
          toast.success(`Library “${library.name}” created`);
          onOpenChange(false);
          setName("");
          setDescription("");
          void navigate({ to: "/libraries/$libraryId", params: { libraryId: library.id } });
        },
      },
    );
  };
  const error = create.error instanceof ApiError ? create.error.message : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New library">
      <form onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor="library-name" className="mb-1 block font-medium text-sm">
            Name
          </label>
          <Input
            id="library-name"
            required
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="library-description" className="mb-1 block font-medium text-sm">
            Description
          </label>
          <Input
            id="library-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        {error && (
          <p role="alert" className="text-red-600 text-sm">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            Create
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function LibrariesPage() {
  const libraries = useQuery(librariesQuery());
  const access = useAccess();
  const [creating, setCreating] = useState(false);
  const denial = access.denial("libraries:write", "libraries.create");
  return (
    <div>
      <PageHeader
        title="Libraries"
        actions={
          <GuardedButton denial={denial} onClick={() => setCreating(true)}>
            <Plus className="size-4" /> New library
          </GuardedButton>
        }
      />
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] gap-4 px-6 pb-8">
        {libraries.data?.map((library) => (
          <li key={library.id}>
            <Link
              to="/libraries/$libraryId"
              params={{ libraryId: library.id }}
              className="block rounded-lg border border-zinc-200 p-4 hover:border-accent-500 hover:shadow-sm dark:border-zinc-800"
            >
              <LibraryIcon className="size-5 text-accent-600" aria-hidden="true" />
              <h2 className="mt-3 font-medium">{library.name}</h2>
              <p className="mt-1 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">
                {library.description || "No description"}
              </p>
            </Link>
          </li>
        ))}
      </ul>
      {libraries.data?.length === 0 && (
        <p className="px-6 text-sm text-zinc-600">No libraries yet: create the first one.</p>
      )}
      <NewLibraryDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
