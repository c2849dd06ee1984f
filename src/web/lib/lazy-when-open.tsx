import { type ComponentType, useEffect, useRef } from "react";
import { onDemand, useOnDemand } from "./on-demand.ts";
import { toast } from "./toast.ts";

interface Openable {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A component (a dialog) whose module is fetched the first time it opens: while closed it renders nothing and
 * costs nothing; while its module loads it renders `Loading` (by default nothing). Made once, at a module's top
 * level.
 */
export function lazyWhenOpen<P extends Openable>(
  importComponent: () => Promise<ComponentType<P>>,
  Loading?: ComponentType<P>,
): ComponentType<P> & { preload: () => void } {
  const module = onDemand(importComponent);
  function WhenOpen(props: P) {
    const Component = useOnDemand(module);
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
    if (!open) return null;
    if (Component) return <Component {...props} />;
    return Loading ? <Loading {...props} /> : null;
  }
  /** Fetches the module ahead of the first open (a failure shows when it opens). */
  WhenOpen.preload = () => void module.load().catch(() => {});
  return WhenOpen;
}
