import { Link } from "@tanstack/react-router";
import {
  BarChart3,
  Files,
  FileText,
  LayoutGrid,
  type LucideIcon,
  MessageSquare,
  Send,
  Settings,
  Share2,
  SlidersHorizontal,
  Tag,
  Trash2,
  Webhook,
} from "lucide-react";
import type { ReactNode } from "react";
import { LibraryTree } from "./library-tree.tsx";

const ITEM = "flex h-8 items-center gap-2 rounded-md px-2 text-sm";
// Apart, so that a link gets one text colour and one background, never both sets (Link joins, it does not merge).
const INACTIVE = "text-zinc-700 hover:bg-zinc-200/70 dark:text-zinc-300 dark:hover:bg-zinc-800";
const ACTIVE = "bg-zinc-200 font-medium text-zinc-950 dark:bg-zinc-800 dark:text-white";

function NavLink({ to, icon: Icon, children }: { to: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={ITEM}
      activeProps={{ className: ACTIVE }}
      inactiveProps={{ className: INACTIVE }}
      // "All files" (/files) must not light up on a file's page (/files/<id>); Webhooks does on an endpoint's.
      activeOptions={{ includeSearch: false, exact: to === "/files" }}
    >
      <Icon className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <h2 className="mt-5 mb-1 px-2 font-semibold text-[11px] text-zinc-500 uppercase dark:text-zinc-400 tracking-wider">
      {children}
    </h2>
  );
}

export function Sidebar() {
  return (
    <nav aria-label="Main" className="flex h-full flex-col overflow-y-auto px-2 pb-4">
      <NavLink to="/files" icon={Files}>
        All files
      </NavLink>
      <SectionHeading>Libraries</SectionHeading>
      <LibraryTree />
      <SectionHeading>Workspace</SectionHeading>
      <NavLink to="/boards" icon={LayoutGrid}>
        Boards
      </NavLink>
      <NavLink to="/properties" icon={SlidersHorizontal}>
        Properties
      </NavLink>
      <NavLink to="/tags" icon={Tag}>
        Tags
      </NavLink>
      <NavLink to="/comments" icon={MessageSquare}>
        Comments
      </NavLink>
      <NavLink to="/pages" icon={FileText}>
        Pages
      </NavLink>
      <NavLink to="/shared-links" icon={Share2}>
        Shared links
      </NavLink>
      <NavLink to="/transfers" icon={Send}>
        Transfers
      </NavLink>
      <NavLink to="/trash" icon={Trash2}>
        Trash
      </NavLink>
      <SectionHeading>Integrations</SectionHeading>
      <NavLink to="/webhooks" icon={Webhook}>
        Webhooks
      </NavLink>
      <NavLink to="/usage" icon={BarChart3}>
        Usage
      </NavLink>
      <NavLink to="/settings" icon={Settings}>
        Settings
      </NavLink>
    </nav>
  );
}
