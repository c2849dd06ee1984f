import { useSyncExternalStore } from "react";

/** A module fetched when first wanted (a dynamic import), then at hand synchronously and watched from React. */
export interface OnDemand<T> {
  /** Starts the fetch or joins it; after a failure, the next call tries again. */
  load(): Promise<T>;
  /** The module once it arrived, else null. */
  loaded(): T | null;
  subscribe(listener: () => void): () => void;
}

export function onDemand<T>(importModule: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | null = null;
  let value: T | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= importModule().then(
        (module) => {
          value = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * The module once loaded (null before), re-rendering when it arrives; does not start the fetch. The re-render is
 * synchronous (a store update), so effects of what it mounts run before any later event, such as the answer of a
 * request started right after the load.
 */
export function useOnDemand<T>(module: OnDemand<T>): T | null {
  return useSyncExternalStore(module.subscribe, module.loaded, module.loaded);
}
