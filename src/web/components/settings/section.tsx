import type { ReactNode } from "react";

/** A titled block of the settings page; `id` makes it linkable (#members, #roles). */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4 px-6 pt-8">
      <h2 id={`${id}-heading`} className="font-semibold text-lg">
        {title}
      </h2>
      {description && <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Command({ children }: { children: string }) {
  return (
    <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[13px] dark:bg-zinc-800">{children}</code>
  );
}
