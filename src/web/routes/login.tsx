import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { ApiError } from "../api/client.ts";
import { getSession, logIn } from "../api/session.ts";
import { Button } from "../components/ui/button.tsx";
import { Input } from "../components/ui/input.tsx";

const LoginSearch = z.object({ redirect: z.string().optional().catch(undefined) });

/** Only paths of this app: a crafted `redirect` must not send the user elsewhere. */
function safeRedirect(target: string | undefined): string {
  return target?.startsWith("/") && !target.startsWith("//") ? target : "/";
}

export const Route = createFileRoute("/login")({
  validateSearch: LoginSearch,
  beforeLoad: async ({ search }) => {
    const session = await getSession().catch(() => null);
    if (session?.logged_in) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: LoginPage,
});

function LoginPage() {
  const { redirect: target } = Route.useSearch();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await logIn(password);
      await navigate({ href: safeRedirect(target), replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "The dashboard could not be reached.");
      setPending(false);
    }
  };

  return (
    <main className="flex min-h-full items-center justify-center bg-zinc-50 p-4 dark:bg-zinc-950">
      <form
        onSubmit={submit}
        className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div className="mb-6 flex items-center gap-2">
          <img src="/favicon.svg" alt="" className="size-8" />
          <h1 className="font-semibold text-xl">Brandspace</h1>
        </div>
        <label htmlFor="password" className="mb-1.5 block font-medium text-sm">
          Dashboard password
        </label>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          autoFocus
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "login-error" : undefined}
        />
        {error && (
          <p id="login-error" role="alert" className="mt-2 text-red-600 text-sm dark:text-red-400">
            {error}
          </p>
        )}
        <Button type="submit" className="mt-5 w-full" disabled={pending || password.length === 0}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
        <p className="mt-4 text-xs text-zinc-500 dark:text-zinc-400">
          Set the password with <code className="font-mono">npm run admin -- dashboard set-password</code>.
        </p>
      </form>
    </main>
  );
}
