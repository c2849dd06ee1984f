import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { LazyToaster } from "../components/ui/lazy-toaster.tsx";
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
    <>
      <Outlet />
      <LazyToaster theme={theme} />
    </>
  );
}
