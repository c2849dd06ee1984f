import { type ComponentType, useEffect, useRef } from "react";
import { loadOnce, useLoaded } from "./load-once.ts";
import { toast } from "./toast.ts";

interface Openable {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A component (a dialog) whose module is fetched the first time it opens: while closed it renders nothing and
 * costs nothing, and while its module loads it renders nothing either. Made once, at a module's top level.
 */
export function lazyWhenOpen<P extends Openable>(
  importComponent: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => void } {
  const module = loadOnce(importComponent);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per component at module level, as React.lazy
  function WhenOpen(props: P) {
    const Component = useLoaded(module);
    const { open } = props;
    const onOpenChange = useRef(props.onOpenChange);
    onOpenChange.current = props.onOpenChange;
    useEffect(() => {
      if (!open || Component) return;
      module.load().catch(() => {
        // Closed again, so that the control that opened it can be tried once more.
        onOpenChange.current(false);
        toast.error("This could not be opened: the connection may have dropped. Try again.");
      });
    }, [open, Component]);
    return open && Component ? <Component {...props} /> : null;
  }
  /** Fetches the module ahead of the first open (a failure shows when it opens). */
  WhenOpen.preload = () => void module.load().catch(() => {});
  return WhenOpen;
}
