import { Link } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { type DropTarget, useDropTarget } from "./dnd.ts";

export interface BrowseCrumb {
  label: string;
  /** Where the crumb leads; the last crumb is the page itself and has none. */
  to?:
    | { to: "/" }
    | { to: "/libraries/$libraryId"; params: { libraryId: string } }
    | { to: "/folders/$folderId"; params: { folderId: string } };
  /** Dropping files or a folder on the crumb moves them there. */
  drop?: DropTarget;
}

function CrumbLink({ crumb }: { crumb: BrowseCrumb }) {
  const drop = useDropTarget(crumb.drop ?? null);
  return (
    <Link
      {...crumb.to!}
      {...drop.handlers}
      data-drop-target={crumb.drop ? "breadcrumb" : undefined}
      className={cn(
        "rounded px-1 py-0.5 hover:text-zinc-900 hover:underline dark:hover:text-zinc-100",
        drop.over
          ? "bg-accent-100 text-accent-700 ring-2 ring-accent-500 dark:bg-accent-500/20 dark:text-accent-100"
          : drop.candidate && "outline-1 outline-accent-500 outline-dashed",
      )}
    >
      {crumb.label}
    </Link>
  );
}

/** A browse page's breadcrumbs: every ancestor is a link and a drop target. */
export function BrowseBreadcrumbs({ crumbs }: { crumbs: BrowseCrumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="-ml-1 flex min-w-0 flex-wrap items-center gap-0.5 text-sm text-zinc-600 dark:text-zinc-400">
        {crumbs.map((crumb, index) => (
          <li
            key={crumb.to ? JSON.stringify(crumb.to) : crumb.label}
            className="flex min-w-0 items-center gap-0.5"
          >
            {index > 0 && <ChevronRight className="size-3.5 shrink-0" aria-hidden="true" />}
            <span className="min-w-0 truncate">
              {crumb.to && index < crumbs.length - 1 ? (
                <CrumbLink crumb={crumb} />
              ) : (
                <span className="px-1" aria-current="page">
                  {crumb.label}
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The title block of a browse page: breadcrumbs, icon and title, a counts line, and the page's actions. */
export function BrowserHeader({
  crumbs,
  icon,
  title,
  meta,
  actions,
  children,
}: {
  crumbs?: BrowseCrumb[];
  icon?: ReactNode;
  title: ReactNode;
  meta?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  useDocumentTitle(typeof title === "string" ? title : undefined);
  return (
    <header className="px-6 pt-5 pb-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          {crumbs && crumbs.length > 0 && <BrowseBreadcrumbs crumbs={crumbs} />}
          <h1 className="mt-1 flex min-w-0 items-center gap-2 font-semibold text-2xl">
            {icon}
            <span className="truncate">{title}</span>
          </h1>
          {meta && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{meta}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </header>
  );
}
