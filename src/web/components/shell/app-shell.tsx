import { Link, useRouterState } from "@tanstack/react-router";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { cn } from "../../lib/cn.ts";
import { firstReachable } from "../../lib/focusable.ts";
import { useLiveUpdates } from "../../lib/live-updates.ts";
import { LazyUploadPanel } from "../upload/index.ts";
import { Sidebar } from "./sidebar.tsx";
import { NAV_TOGGLE_ID, TopBar } from "./top-bar.tsx";

/** The signed-in layout: sidebar (a drawer below the large breakpoint), top bar, and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const liveStatus = useLiveUpdates();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setDrawerOpen(false), [pathname]);
  const aside = useRef<HTMLElement>(null);
  // The open drawer takes the keyboard: focus moves into it, the page behind is inert, Escape closes it.
  useEffect(() => {
    if (!drawerOpen) return;
    if (aside.current) firstReachable(aside.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // At once, so that the menu button is no longer inert when it takes the focus back.
      flushSync(() => setDrawerOpen(false));
      document.getElementById(NAV_TOGGLE_ID)?.focus();
    };
    document.addEventListener("keydown", onKey);
    // Widened past the breakpoint, the sidebar is back in place: no drawer left open (the page inert behind it).
    const wide = window.matchMedia("(min-width: 64rem)");
    const onWide = () => wide.matches && setDrawerOpen(false);
    wide.addEventListener("change", onWide);
    return () => {
      document.removeEventListener("keydown", onKey);
      wide.removeEventListener("change", onWide);
    };
  }, [drawerOpen]);

  return (
    <div className="flex h-full">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      {drawerOpen && (
        <div
          className="fixed inset-0 z-30 bg-black/30 lg:hidden"
          aria-hidden="true"
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <aside
        ref={aside}
        id="app-navigation"
        className={cn(
          "fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-zinc-200 border-r bg-zinc-50 lg:static lg:visible lg:translate-x-0 dark:border-zinc-800 dark:bg-zinc-900",
          // Closed, it is hidden, not only moved away: its links leave the tab order (after the slide). Opening
          // shows it at once (a visibility transition would keep it hidden for its first frame: no focus there).
          drawerOpen
            ? "translate-x-0 transition-transform"
            : "invisible -translate-x-full transition-[transform,visibility]",
        )}
      >
        <Link to="/" className="flex h-14 shrink-0 items-center gap-2 px-4 font-semibold">
          <img src="/favicon.svg" alt="" className="size-6" />
          Brandspace
        </Link>
        <Sidebar />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col" inert={drawerOpen || undefined}>
        <TopBar
          drawerOpen={drawerOpen}
          onToggleSidebar={() => setDrawerOpen((open) => !open)}
          liveStatus={liveStatus}
        />
        {/* Positioned, so that absolutely placed descendants (sr-only captions) scroll with it, not the page. */}
        <main id="main" className="relative min-h-0 flex-1 overflow-y-auto">
          {children}
        </main>
      </div>
      {/* The upload queue stays on screen across pages while files upload. */}
      <LazyUploadPanel />
    </div>
  );
}
