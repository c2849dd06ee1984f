import { EventEmitter } from "node:events";

export type SignalTopic = "jobs" | "events";

/**
 * In-process wake-ups for workers. Other processes learn of the same work from the database's notifications at
 * commit (queued jobs, committed events: `startWorkers` turns them into these topics), or at their next poll.
 */
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
