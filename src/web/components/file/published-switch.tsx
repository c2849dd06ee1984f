import { Switch } from "radix-ui";
import { useId } from "react";
import type { File } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { errorMessage } from "../../api/error-message.ts";
import { cn } from "../../lib/cn.ts";
import { toast } from "../../lib/toast.ts";
import { Tooltip } from "../ui/tooltip.tsx";
import { useUpdateFile } from "./use-update-file.ts";

/** The published flag, a switch that saves as it flips. */
export function PublishedSwitch({ file }: { file: File }) {
  const id = useId();
  const { update, pending } = useUpdateFile(file.id);
  const denial = useAccess().denial("files:write", "files.edit");
  const flip = async (published: boolean) => {
    if (denial) return;
    try {
      await update({ published });
      toast.success(published ? "File published" : "File unpublished");
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  const control = (
    <Switch.Root
      id={id}
      checked={file.published}
      onCheckedChange={(value) => void flip(value)}
      disabled={pending}
      aria-disabled={denial ? "true" : undefined}
      aria-describedby={`${id}-hint`}
      className={cn(
        "relative h-5 w-9 shrink-0 rounded-full bg-zinc-300 transition-colors data-[state=checked]:bg-accent-600 dark:bg-zinc-700",
        denial && "cursor-not-allowed opacity-60",
      )}
    >
      <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.125rem]" />
    </Switch.Root>
  );
  return (
    <div className="flex items-start justify-between gap-3">
      <div>
        <label htmlFor={id} className="font-medium text-sm">
          Published
        </label>
        <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
          Published files can be shown outside the brandspace.
        </p>
      </div>
      {denial ? <Tooltip content={denial}>{control}</Tooltip> : control}
    </div>
  );
}
