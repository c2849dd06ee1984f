import { useOnDemand } from "../../lib/on-demand.ts";
import type { Theme } from "../../lib/theme.ts";
import { sonner } from "../../lib/toast.ts";

/** Sonner's Toaster, mounted once the first toast has loaded sonner (see lib/toast.ts). */
export function LazyToaster({ theme }: { theme: Theme }) {
  const loaded = useOnDemand(sonner);
  if (!loaded) return null;
  // Top right, under the top bar: the upload panel lives bottom right.
  return (
    <loaded.Toaster
      theme={theme}
      position="top-right"
      offset={{ top: 64, right: 16 }}
      richColors
      closeButton
    />
  );
}
