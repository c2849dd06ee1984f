import type { FastifyInstance } from "fastify";
import type { ServiceDeps } from "../deps.ts";

/**
 * On PGlite a request's statements run on the main thread and settle their promises without going back to the
 * event loop, so a request that needs only the database runs start to finish as microtasks. Under load, one turn
 * of the loop then ran every request that was ready, for a second or more, and Node (libuv since 1.45) accepts one
 * new connection per turn: with 50 clients searching, those that connected last waited over 10 s for their first
 * answer while the others were served again and again. Requests are therefore admitted in their order of arrival
 * and only while the current turn has run less than `budgetMs`; past it, one waiting request is admitted per turn
 * (`setImmediate`), so that the loop reads sockets, accepts connections and fires timers between them.
 */
export function requestTurns(budgetMs: number): () => Promise<void> | undefined {
  const waiting: Array<() => void> = [];
  let turnStartedAt = -1;
  let admitting = false;
  const endTurn = () => {
    turnStartedAt = -1;
  };
  const startTurn = () => {
    turnStartedAt = performance.now();
    setImmediate(endTurn);
  };
  const admitNext = () => {
    admitting = false;
    startTurn();
    waiting.shift()?.();
    if (waiting.length > 0) {
      admitting = true;
      setImmediate(admitNext);
    }
  };
  return function admit() {
    if (turnStartedAt < 0) startTurn();
    if (waiting.length === 0 && performance.now() - turnStartedAt < budgetMs) return undefined;
    return new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!admitting) {
        admitting = true;
        setImmediate(admitNext);
      }
    });
  };
}

/** What one turn of the event loop may spend on admitted requests before the next waits for the next turn. */
export const REQUEST_TURN_BUDGET_MS = 10;

/** Both listeners of a process share one admission: the database's thread is the process's own. */
const admissions = new WeakMap<ServiceDeps, () => Promise<void> | undefined>();

/** Admits the app's requests in turns (the first hook, so that a waiting request has started nothing). */
export function admitInTurns(app: FastifyInstance, deps: ServiceDeps): void {
  const admit = admissions.get(deps) ?? requestTurns(REQUEST_TURN_BUDGET_MS);
  admissions.set(deps, admit);
  app.addHook("onRequest", (_request, _reply, done) => {
    const turn = admit();
    if (turn) void turn.then(() => done());
    else done();
  });
}
