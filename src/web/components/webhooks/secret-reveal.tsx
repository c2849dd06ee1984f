import { Check, Copy, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";

/**
 * A signing secret the service shows only in this one answer (create, roll): selectable, copyable, and a
 * warning that it cannot be shown again.
 */
export function SecretReveal({ secret, note }: { secret: string; note?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success("Signing secret copied");
    } catch {
      toast.error("The browser refused the clipboard: select the secret and copy it by hand.");
    }
  };
  return (
    <div className="space-y-3">
      <div
        role="alert"
        className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          <strong>Copy the signing secret now.</strong> It is shown only this once; if it is lost, roll a new
          one.
          {note ? ` ${note}` : ""}
        </p>
      </div>
      <div>
        <label htmlFor="webhook-secret" className="mb-1 block font-medium text-sm">
          Signing secret
        </label>
        <div className="flex gap-2">
          <input
            id="webhook-secret"
            readOnly
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
            className="h-9 min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-3 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-950"
          />
          <Button variant="secondary" onClick={copy} aria-label="Copy signing secret">
            {copied ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            {copied ? "Copied" : "Copy"}
          </Button>
        </div>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Verify each delivery's <code className="font-mono">Service-Signature</code> header: HMAC-SHA256 of{" "}
        <code className="font-mono">{"<t>.<raw body>"}</code> with this secret.
      </p>
    </div>
  );
}
