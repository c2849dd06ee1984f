import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ApiError, setUnauthenticatedHandler } from "./api/client.ts";
import { RouteError } from "./components/route-error.tsx";
import { RouteNotFound } from "./components/route-not-found.tsx";
import { trackFocusOutsideLayers } from "./lib/return-focus.ts";
import { applyTheme, savedTheme } from "./lib/theme.ts";
import { routeTree } from "./route-tree.gen.ts";
import "./styles.css";

applyTheme(savedTheme());
trackFocusOutsideLayers();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Client errors (404, 403, validation) do not get better by asking again; rate limits and outages may.
      retry: (failures, error) => failures < 3 && (!(error instanceof ApiError) || error.transient),
      retryDelay: (failures, error) =>
        error instanceof ApiError && error.retryAfterSeconds !== null
          ? Math.min(error.retryAfterSeconds, 60) * 1000
          : Math.min(1000 * 2 ** failures, 10_000),
    },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: RouteNotFound,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

setUnauthenticatedHandler(() => {
  queryClient.clear();
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname !== "/login")
    void router.navigate({ to: "/login", search: { redirect: here } });
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
