import { type FormEvent, useId, useState } from "react";
import type { File } from "../../../contract/files.ts";
import { UpdateFileBody } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { errorMessage } from "../../api/error-message.ts";
import { toast } from "../../lib/toast.ts";
import { Input } from "../ui/input.tsx";
import { Tooltip } from "../ui/tooltip.tsx";
import { useUpdateFile } from "./use-update-file.ts";

/** The name, edited in place: Enter or leaving the field saves, Escape puts the old name back. */
export function FileNameField({ file }: { file: File }) {
  const id = useId();
  const [value, setValue] = useState(file.name);
  const [error, setError] = useState<string | null>(null);
  const { update, pending } = useUpdateFile(file.id);
  const denial = useAccess().denial("files:write", "files.edit");

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const name = value.trim();
    if (name === file.name || pending) return;
    const checked = UpdateFileBody.safeParse({ name });
    if (!checked.success) {
      setError(`The name ${checked.error.issues[0]?.message ?? "is not valid"}.`);
      return;
    }
    try {
      const renamed = await update({ name });
      setValue(renamed.name);
      setError(null);
      toast.success(`Renamed to “${renamed.name}”`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const extension = extensionOf(value.trim());
  const extensionChanges = value.trim() !== "" && extension !== extensionOf(file.name);

  const input = (
    <Input
      id={id}
      value={value}
      readOnly={denial !== null}
      aria-invalid={error !== null}
      aria-describedby={error ? `${id}-error` : undefined}
      onChange={(event) => {
        setValue(event.target.value);
        setError(null);
      }}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        // Escape here resets the field; it must not also leave the page.
        event.preventDefault();
        setValue(file.name);
        setError(null);
      }}
      className="border-transparent bg-transparent font-medium hover:border-zinc-300 focus:border-zinc-300 dark:bg-transparent dark:focus:border-zinc-700 dark:hover:border-zinc-700"
    />
  );
  return (
    <form onSubmit={save}>
      <label
        htmlFor={id}
        className="mb-1 block font-medium text-xs text-zinc-600 uppercase tracking-wide dark:text-zinc-400"
      >
        File name
      </label>
      {denial ? <Tooltip content={denial}>{input}</Tooltip> : input}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-red-700 text-sm dark:text-red-400">
          {error}
        </p>
      )}
      {!error && extensionChanges && (
        <p role="status" className="mt-1 text-amber-800 text-sm dark:text-amber-300">
          {extension ? `A .${extension} name` : "A name without an extension"} does not convert the file: it
          stays {file.mime}.
        </p>
      )}
    </form>
  );
}

/** The lower-case extension of a file name ("logo.PNG": "png"), or "" when it has none. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}
