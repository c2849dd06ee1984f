import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../lib/document-title.ts";

export function RouteNotFound() {
  useDocumentTitle("Page not found");
  return (
    <div className="mx-auto max-w-lg p-10 text-center">
      <h1 className="font-semibold text-lg">Page not found</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        It may have been moved or deleted, or you may not have access to it.
      </p>
      <Link to="/" className="mt-6 inline-block text-accent-600 text-sm underline dark:text-accent-500">
        Go to your libraries
      </Link>
    </div>
  );
}
