import { X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import type { FileBase } from "../../../contract/files.ts";
import type { FileDestination } from "../../api/files.ts";
import { plural } from "../../lib/format.ts";
import { withLastTag } from "../../lib/tag-text.ts";
import { TagSuggestInput } from "../file/tag-suggest-input.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { inputClassName } from "../ui/input.tsx";
import { DestinationPicker } from "./destination-picker.tsx";
import type { DropTarget } from "./dnd.ts";
import { useFileActions } from "./file-actions.ts";

interface Props {
  files: FileBase[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}

/** Move or copy the selected files to a library's top level or a folder. */
export function FileDestinationDialog({
  files,
  open,
  onOpenChange,
  onDone,
  mode,
}: Props & { mode: "move" | "copy" }) {
  const [target, setTarget] = useState<DropTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const actions = useFileActions();
  const verb = mode === "move" ? "Move" : "Copy";
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const to: FileDestination =
      target.type === "folder" ? { folder_id: target.folderId } : { library_id: target.libraryId };
    setBusy(true);
    const result = await actions[mode](files, to, target.name).finally(() => setBusy(false));
    if (result.done.length) {
      onOpenChange(false);
      onDone?.();
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${verb} ${files.length === 1 ? `“${files[0]!.name}”` : plural(files.length, "file")}`}
      description={
        mode === "move"
          ? "Choose a library (its top level) or a folder."
          : "Choose where the copies go. Copies keep the tags and property values."
      }
    >
      <form onSubmit={submit} className="space-y-3">
        <DestinationPicker value={target} onChange={setTarget} />
        <DialogActions
          submit={`${verb} here`}
          disabled={!target || busy}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}

const splitTags = (text: string) =>
  text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

/** Add tags to the selected files; each keeps the tags it has. */
export function AddTagsDialog({ files, open, onOpenChange, onDone }: Props) {
  const [tags, setTags] = useState<string[]>([]);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const actions = useFileActions();
  const commit = () => {
    const added = splitTags(text);
    const tooLong = added.find((t) => t.length > 100);
    if (tooLong) return setProblem(`Tags must be at most 100 characters (“${tooLong.slice(0, 20)}…”).`);
    setProblem(null);
    setTags((previous) => [...new Set([...previous, ...added])]);
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "," || (event.key === "Enter" && text.trim())) {
      event.preventDefault();
      commit();
    } else if (event.key === "Backspace" && !text && tags.length) {
      setTags(tags.slice(0, -1));
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const all = [...new Set([...tags, ...splitTags(text)])];
    if (all.length === 0) return setProblem("Type at least one tag.");
    if (all.some((t) => t.length > 100)) return setProblem("Tags must be at most 100 characters.");
    setBusy(true);
    const result = await actions.tag(files, all).finally(() => setBusy(false));
    if (result.done.length) {
      onOpenChange(false);
      onDone?.();
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Add tags to ${plural(files.length, "file")}`}
      description="Separate tags with commas or Enter. Existing tags are kept."
    >
      <form onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor="bulk-tags" className="mb-1 block font-medium text-sm">
            Tags
          </label>
          {tags.length > 0 && (
            <ul aria-label="Tags to add" className="mb-2 flex flex-wrap gap-1.5">
              {tags.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    aria-label={`Remove tag ${tag}`}
                    onClick={() => setTags(tags.filter((t) => t !== tag))}
                    className="inline-flex h-7 items-center gap-1 rounded-full bg-accent-50 pr-1.5 pl-2.5 text-accent-700 text-xs hover:bg-accent-100 dark:bg-accent-500/20 dark:text-accent-100"
                  >
                    {tag}
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <TagSuggestInput
            id="bulk-tags"
            autoFocus
            placeholder="e.g. campaign, approved"
            value={text}
            onValueChange={setText}
            onKeyDown={onKeyDown}
            onPick={(tag) => {
              setTags((previous) => [...new Set([...previous, ...splitTags(withLastTag(text, tag))])]);
              setText("");
            }}
            exclude={tags}
            placement="above"
            onBlur={() => text.trim() && commit()}
            className={inputClassName}
          />
        </div>
        <FormError message={problem} />
        <DialogActions submit="Add tags" disabled={busy} onCancel={() => onOpenChange(false)} />
      </form>
    </Dialog>
  );
}
