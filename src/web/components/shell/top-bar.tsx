import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { LogOut, Menu, Monitor, Moon, Search, Sun } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { meQuery } from "../../api/access.ts";
import { logOut } from "../../api/session.ts";
import { cn } from "../../lib/cn.ts";
import type { LiveStatus } from "../../lib/live-updates.ts";
import { applyTheme, onThemeChange, savedTheme, type Theme } from "../../lib/theme.ts";
import { CommandPaletteTrigger } from "../command-palette/palette-trigger.tsx";
import { Button } from "../ui/button.tsx";
import { LazyMenu } from "../ui/lazy-menu.tsx";

function SearchBox() {
  const navigate = useNavigate();
  // The box shows the search of the all-files view, and follows it when that view clears or changes it.
  const searched = useRouterState({
    select: (state) =>
      state.location.pathname === "/files" ? ((state.location.search as { q?: string }).q ?? "") : "",
  });
  const [q, setQ] = useState(searched);
  useEffect(() => setQ(searched), [searched]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ to: "/files", search: { q: q.trim() || undefined } });
  };
  return (
    <search className="contents">
      <form onSubmit={submit} className="relative w-full max-w-md">
        <Search
          className="-translate-y-1/2 absolute top-1/2 left-2.5 size-4 text-zinc-500"
          aria-hidden="true"
        />
        <input
          type="search"
          aria-label="Search files"
          placeholder="Search files…"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          className="h-9 w-full rounded-md border border-zinc-300 bg-zinc-50 pr-3 pl-8 text-sm placeholder:text-zinc-500 dark:border-zinc-700 dark:bg-zinc-900"
        />
      </form>
    </search>
  );
}

function ThemeMenu() {
  const [theme, setTheme] = useState<Theme>(savedTheme);
  // The command palette can switch the theme too.
  useEffect(() => onThemeChange(setTheme), []);
  const choose = (next: string) => {
    setTheme(next as Theme);
    applyTheme(next as Theme);
  };
  const Icon = theme === "dark" ? Moon : theme === "light" ? Sun : Monitor;
  return (
    <LazyMenu
      align="end"
      sideOffset={6}
      className="min-w-44"
      trigger={
        <Button variant="ghost" size="icon" aria-label="Theme">
          <Icon className="size-4" />
        </Button>
      }
    >
      {(M) => (
        <M.RadioGroup value={theme} onValueChange={choose}>
          <M.RadioItem value="light">
            <Sun className="size-4" /> Light
          </M.RadioItem>
          <M.RadioItem value="dark">
            <Moon className="size-4" /> Dark
          </M.RadioItem>
          <M.RadioItem value="system">
            <Monitor className="size-4" /> System
          </M.RadioItem>
        </M.RadioGroup>
      )}
    </LazyMenu>
  );
}

function AccountMenu() {
  const me = useQuery(meQuery());
  const navigate = useNavigate();
  const initials = (me.data?.creator.name ?? "?")
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <LazyMenu
      align="end"
      sideOffset={6}
      className="min-w-44"
      trigger={
        <button
          type="button"
          className="flex size-8 items-center justify-center rounded-full bg-accent-600 font-semibold text-white text-xs"
        >
          {/* Named "Account" without aria-label: axe wants an aria-label to contain the visible initials. */}
          <span aria-hidden="true">{initials}</span>
          <span className="sr-only">Account</span>
        </button>
      }
    >
      {(M) => (
        <>
          {me.data && (
            <M.Label>
              <div className="font-medium">{me.data.creator.name}</div>
              <div className="text-xs text-zinc-500">
                {me.data.creator.role.name} · {me.data.brandspace.name}
              </div>
            </M.Label>
          )}
          <M.Separator />
          <M.Item
            onSelect={async () => {
              await logOut().catch(() => {});
              await navigate({ to: "/login", search: {} });
            }}
          >
            <LogOut className="size-4" /> Sign out
          </M.Item>
        </>
      )}
    </LazyMenu>
  );
}

const LIVE_LABELS: Record<LiveStatus, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
};

/** Whether changes made elsewhere appear by themselves; when not, the dashboard says so. */
function LiveIndicator({ status }: { status: LiveStatus }) {
  const live = status === "live";
  return (
    <span
      role="status"
      data-live-status={status}
      title={live ? "Changes made elsewhere appear here as they happen." : "Live updates are reconnecting."}
      className="hidden items-center gap-1.5 px-2 text-xs text-zinc-600 sm:flex dark:text-zinc-400"
    >
      <span
        aria-hidden="true"
        className={cn("size-2 rounded-full", live ? "bg-emerald-500" : "animate-pulse bg-amber-500")}
      />
      {LIVE_LABELS[status]}
    </span>
  );
}

/** The menu button that opens the navigation drawer below the large breakpoint (focus returns to it). */
export const NAV_TOGGLE_ID = "nav-toggle";

export function TopBar({
  drawerOpen,
  onToggleSidebar,
  liveStatus,
}: {
  drawerOpen: boolean;
  onToggleSidebar: () => void;
  liveStatus: LiveStatus;
}) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-zinc-200 border-b px-3 dark:border-zinc-800">
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        id={NAV_TOGGLE_ID}
        aria-label="Toggle navigation"
        aria-expanded={drawerOpen}
        aria-controls="app-navigation"
        onClick={onToggleSidebar}
      >
        <Menu className="size-4" />
      </Button>
      <SearchBox />
      <CommandPaletteTrigger />
      <div className="ml-auto flex items-center gap-1">
        <LiveIndicator status={liveStatus} />
        <ThemeMenu />
        <AccountMenu />
      </div>
    </header>
  );
}
