import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { Tooltip } from "radix-ui";
import { useEffect, useState } from "react";
import { Toaster } from "sonner";
import { onThemeChange, savedTheme, type Theme } from "../lib/theme.ts";

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

function Root() {
  const [theme, setTheme] = useState<Theme>(savedTheme);
  useEffect(() => onThemeChange(setTheme), []);
  return (
    <Tooltip.Provider>
      <Outlet />
      {/* Top right, under the top bar: the upload panel lives bottom right. */}
      <Toaster theme={theme} position="top-right" offset={{ top: 64, right: 16 }} richColors closeButton />
    </Tooltip.Provider>
  );
}
