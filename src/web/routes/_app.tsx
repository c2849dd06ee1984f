import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { getSession } from "../api/session.ts";
import { AppShell } from "../components/shell/app-shell.tsx";
import { PageSkeleton } from "../components/ui/skeleton.tsx";

/** Every signed-in page: checks the BFF session first and sends the user to the login page without one. */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ location }) => {
    const session = await getSession();
    if (!session.logged_in) {
      throw redirect({ to: "/login", search: { redirect: location.href } });
    }
  },
  pendingComponent: PageSkeleton,
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
});
