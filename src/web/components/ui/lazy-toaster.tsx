import { BOTTOM_CLEARANCE_VAR } from "../../lib/bottom-clearance.ts";
import { useOnDemand } from "../../lib/on-demand.ts";
import type { Theme } from "../../lib/theme.ts";
import { sonner } from "../../lib/toast.ts";

/** Toasts start 16px from the bottom, or above the selection bar while it is shown. */
const BOTTOM = `var(${BOTTOM_CLEARANCE_VAR}, 16px)`;

/** Sonner's Toaster, mounted once the first toast has loaded sonner (see lib/toast.ts). */
export function LazyToaster({ theme }: { theme: Theme }) {
  const loaded = useOnDemand(sonner);
  if (!loaded) return null;
  // Bottom left, as in the file managers users know: the upload panel lives bottom right, the selection bar
  // bottom centre, and at the top right a toast covered the page header's actions for four seconds.
  return (
    <loaded.Toaster
      theme={theme}
      position="bottom-left"
      offset={{ bottom: BOTTOM, left: 16 }}
      mobileOffset={{ bottom: BOTTOM, left: 16, right: 16 }}
      richColors
      closeButton
    />
  );
}
