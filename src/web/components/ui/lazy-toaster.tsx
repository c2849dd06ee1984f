import { lazy, Suspense, useSyncExternalStore } from "react";
import type { Theme } from "../../lib/theme.ts";
import { loadSonner, onToasterWanted, toasterWanted } from "../../lib/toast.ts";

const Toaster = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })));

/** Sonner's Toaster, mounted once the first toast is asked for (see lib/toast.ts). */
export function LazyToaster({ theme }: { theme: Theme }) {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Top right, under the top bar: the upload panel lives bottom right. */}
      <Toaster theme={theme} position="top-right" offset={{ top: 64, right: 16 }} richColors closeButton />
    </Suspense>
  );
}
