import { EventEmitter } from "node:events";

export type SignalTopic = "jobs" | "events";

/** In-process wake-ups for workers; other processes find the same work by polling. */
export function createSignal() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    notify(topic: SignalTopic) {
      emitter.emit(topic);
    },
    on(topic: SignalTopic, listener: () => void) {
      emitter.on(topic, listener);
      return () => emitter.off(topic, listener);
    },
  };
}
export type Signal = ReturnType<typeof createSignal>;
