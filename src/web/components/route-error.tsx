import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { ApiError } from "../api/client.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import { Button } from "./ui/button.tsx";

/** A route's error boundary: says what failed and offers a retry, while the shell around it keeps working. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const api = error instanceof ApiError ? error : null;
  const message = error instanceof Error ? error.message : String(error);
  const title =
    api?.status === 404
      ? "Not found"
      : api?.status === 403
        ? "You don't have access to this"
        : "Something went wrong";
  useDocumentTitle(title);
  return (
    <div role="alert" className="mx-auto max-w-lg p-10 text-center">
      <h1 className="font-semibold text-lg">{title}</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{message}</p>
      {api?.requestId && <p className="mt-1 font-mono text-xs text-zinc-500">Request {api.requestId}</p>}
      <Button
        className="mt-6"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
    </div>
  );
}
