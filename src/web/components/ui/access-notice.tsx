import { Lock } from "lucide-react";

/** In place of a page or section the dashboard's key or role may not read: says why, never an empty screen. */
export function AccessNotice({ title, reason }: { title: string; reason: string }) {
  return (
    <div
      role="note"
      className="mx-6 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-medium">{title}</p>
        <p className="mt-0.5">{reason}</p>
      </div>
    </div>
  );
}
