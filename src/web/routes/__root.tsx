import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { Tooltip } from "radix-ui";
import { Toaster } from "sonner";

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

function Root() {
  return (
    <Tooltip.Provider>
      <Outlet />
      {/* Top right, under the top bar: the upload panel lives bottom right. */}
      <Toaster position="top-right" offset={{ top: 64, right: 16 }} richColors closeButton />
    </Tooltip.Provider>
  );
}
