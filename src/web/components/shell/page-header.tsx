import { Link } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { useDocumentTitle } from "../../lib/document-title.ts";

export interface Crumb {
  label: string;
  /** A link target built with the router's `Link` props; the last crumb is the current page and has none. */
  link?: { to: string; params?: Record<string, string> };
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-zinc-500 dark:text-zinc-400">
        {crumbs.map((crumb, index) => (
          <li
            key={crumb.link ? `${crumb.link.to}:${JSON.stringify(crumb.link.params)}` : crumb.label}
            className="flex min-w-0 items-center gap-1"
          >
            {index > 0 && <ChevronRight className="size-3.5 shrink-0" aria-hidden="true" />}
            <span className="min-w-0 truncate">
              {crumb.link && index < crumbs.length - 1 ? (
                <Link
                  {...(crumb.link as { to: "/" })}
                  className="hover:text-zinc-900 hover:underline dark:hover:text-zinc-100"
                >
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={index === crumbs.length - 1 ? "page" : undefined}>{crumb.label}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A page's title row: breadcrumbs above, the title, and the page's actions on the right. */
export function PageHeader({
  title,
  crumbs,
  actions,
}: {
  title: ReactNode;
  crumbs?: Crumb[];
  actions?: ReactNode;
}) {
  useDocumentTitle(typeof title === "string" ? title : undefined);
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 px-6 pt-5 pb-4">
      <div className="min-w-0">
        {crumbs && crumbs.length > 0 && <Breadcrumbs crumbs={crumbs} />}
        <h1 className="mt-1 truncate font-semibold text-2xl">{title}</h1>
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
