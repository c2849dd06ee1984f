import { AlertCircle, Lock } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";

/**
 * Set when a password opened a link or transfer: the frame that next shows a heading (the content, once loaded)
 * takes the focus there, instead of leaving it on the page as the password form goes away.
 */
let focusHeadingOnceShown = false;

/** The page around what a visitor sees: the brandspace's name, then the content. No dashboard chrome. */
export function VisitorFrame({
  brand,
  gate = false,
  children,
}: {
  brand?: string;
  /** The password form's frame, which must not take the focus meant for the content behind it. */
  gate?: boolean;
  children: ReactNode;
}) {
  const main = useRef<HTMLElement>(null);
  // Every render: the heading appears only once the content has loaded.
  useEffect(() => {
    const heading = main.current?.querySelector("h1");
    if (gate || !focusHeadingOnceShown || !heading) return;
    focusHeadingOnceShown = false;
    heading.tabIndex = -1;
    heading.focus();
  });
  return (
    <div className="min-h-full bg-zinc-50 dark:bg-zinc-950">
      <header className="border-zinc-200 border-b bg-white px-6 py-3 dark:border-zinc-800 dark:bg-zinc-900">
        <p className="font-semibold text-sm">{brand || "Brandspace"}</p>
      </header>
      <main ref={main} className="mx-auto max-w-6xl px-6 py-6">
        {children}
      </main>
    </div>
  );
}

/** Why a link or transfer cannot be opened, in words: gone (404), expired (410), or something else. */
export function VisitorProblem({ error, kind }: { error: unknown; kind: "link" | "transfer" | "page" }) {
  const status = error instanceof ApiError ? error.status : 0;
  const [title, text] =
    status === 404
      ? [`This ${kind} is not available`, `It does not exist, or whoever shared it has revoked it.`]
      : status === 410
        ? [`This ${kind} has expired`, "Ask whoever shared it for a new one."]
        : ["Something went wrong", error instanceof Error ? error.message : "Try again in a moment."];
  useDocumentTitle(title);
  return (
    <VisitorFrame>
      <div role="alert" className="mx-auto mt-16 max-w-md text-center">
        <AlertCircle className="mx-auto size-8 text-zinc-500" aria-hidden="true" />
        <h1 className="mt-3 font-semibold text-lg">{title}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
      </div>
    </VisitorFrame>
  );
}

/** Asks for the password; `unlock` trades it for an access token. */
export function PasswordGate({
  brand,
  what,
  unlock,
}: {
  brand: string;
  what: string;
  unlock: (password: string) => Promise<void>;
}) {
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      focusHeadingOnceShown = true;
      await unlock(password);
    } catch (error) {
      focusHeadingOnceShown = false;
      setProblem(
        error instanceof ApiError && error.status === 429
          ? `Too many wrong passwords. Try again in ${Math.ceil((error.retryAfterSeconds ?? 900) / 60)} minutes.`
          : error instanceof ApiError && error.status === 401
            ? "That password is not right."
            : "The password could not be checked. Try again.",
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <VisitorFrame brand={brand} gate>
      <form
        onSubmit={submit}
        className="mx-auto mt-16 max-w-sm rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <Lock className="size-6 text-zinc-500" aria-hidden="true" />
        <h1 className="mt-2 font-semibold text-lg">{what} is protected</h1>
        <label htmlFor="visitor-password" className="mt-4 mb-1 block font-medium text-sm">
          Password
        </label>
        <Input
          id="visitor-password"
          type="password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {problem && (
          <p role="alert" className="mt-2 text-red-700 text-sm dark:text-red-400">
            {problem}
          </p>
        )}
        <Button type="submit" className="mt-4 w-full" disabled={busy || password.length === 0}>
          Open
        </Button>
      </form>
    </VisitorFrame>
  );
}
