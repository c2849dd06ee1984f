import type { ReactNode } from "react";

/** A section of the file page's side panel: a rule above, its title, an optional action beside it. */
export function PanelSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="border-zinc-200 border-t px-4 py-4 dark:border-zinc-800">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-medium text-xs text-zinc-600 uppercase tracking-wide dark:text-zinc-400">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
