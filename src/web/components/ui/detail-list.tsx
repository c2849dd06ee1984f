import type { ReactNode } from "react";

/** One labelled fact of a resource's details (a `dt` and its `dd`), label beside value from `sm` up. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

/** A resource's details as a description list between rules, its rows `DetailRow`s. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <dl className="divide-y divide-zinc-200 border-zinc-200 border-y dark:divide-zinc-800 dark:border-zinc-800">
      {children}
    </dl>
  );
}
