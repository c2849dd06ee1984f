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
      <Toaster position="bottom-right" richColors closeButton />
    </Tooltip.Provider>
  );
}
