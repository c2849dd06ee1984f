import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";

/** Copies `text` to the clipboard and says so. In a list, `name` tells screen readers which row's link it copies. */
export function CopyButton({
  text,
  label = "Copy link",
  name,
}: {
  text: string;
  label?: string;
  name?: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
      toast.success("Link copied");
    } catch {
      toast.error("The clipboard is not available: select the link and copy it.");
    }
  };
  return (
    <Button type="button" variant="secondary" onClick={copy} aria-label={name && (copied ? "Copied" : name)}>
      {copied ? (
        <Check className="size-4" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
      {copied ? "Copied" : label}
    </Button>
  );
}

/** A read-only URL field with a copy button: select-all on focus, so a manual copy works too. */
export function LinkField({ url, label }: { url: string; label: string }) {
  return (
    <div className="flex gap-2">
      <input
        aria-label={label}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="h-9 min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-3 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
      />
      <CopyButton text={url} />
    </div>
  );
}
