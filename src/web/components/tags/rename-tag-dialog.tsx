import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { TagInUse } from "../../../contract/files.ts";
import { errorMessage } from "../../api/error-message.ts";
import { tagSuggestionsQuery, useRenameTag } from "../../api/tags.ts";
import { plural } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { Input } from "../ui/input.tsx";
import type { TagScope } from "./tag-scope.ts";

const TYPING_PAUSE_MS = 250;

/** The tag in use written exactly `name`, other than `tag` itself: renaming onto it merges the two. */
function useExistingTag(name: string, tag: string, library: TagScope) {
  const typed = useDebounced(name.trim(), TYPING_PAUSE_MS);
  const asked = useQuery({
    ...tagSuggestionsQuery(typed, 20, library?.id),
    enabled: typed !== "" && typed !== tag,
  });
  return typed === name.trim() ? asked.data?.data.find((t) => t.name === typed && t.name !== tag) : undefined;
}

/** Rename a tag on every file the user can edit; onto a tag in use, the two become one. */
export function RenameTagDialog({
  tag,
  library,
  open,
  onOpenChange,
}: {
  tag: TagInUse;
  library: TagScope;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [name, setName] = useState(tag.name);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useRenameTag();
  const existing = useExistingTag(name, tag.name, library);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const to = name.trim();
    if (!to) return setProblem("Type the tag's new name.");
    if (to.length > 100) return setProblem("Tags must be at most 100 characters.");
    if (to === tag.name) return setProblem("That is the tag's name already.");
    setProblem(null);
    try {
      const result = await rename.mutateAsync({
        body: { from: tag.name, to, ...(library ? { library_id: library.id } : {}) },
      });
      onOpenChange(false);
      toast.success(`“${tag.name}” is now “${to}” on ${plural(result.file_count, "file")}`);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Rename “${tag.name}”`}
      description={`The new name replaces the tag on every file${library ? ` of ${library.name}` : ""} you can edit. Trashed files keep their tags.`}
    >
      <form onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor="tag-new-name" className="mb-1 block font-medium text-sm">
            New name
          </label>
          <Input
            id="tag-new-name"
            autoFocus
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {existing && (
          <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
            “{existing.name}” is already on {plural(existing.file_count, "file")}: the two tags become one.
          </p>
        )}
        <FormError message={problem} />
        <DialogActions
          submit={rename.isPending ? "Working…" : existing ? "Merge tags" : "Rename"}
          disabled={rename.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
