/**
 * Like `Promise.all`, but rejects only once every task has settled: after a failure nothing is still writing
 * into the output directory when the caller cleans it up. `onFirstFailure` can stop the others early.
 */
export async function settleAll<T extends readonly unknown[]>(
  tasks: { [K in keyof T]: Promise<T[K]> },
  onFirstFailure: () => void = () => {},
): Promise<T> {
  let failed = false;
  const guarded = tasks.map((task) =>
    task.catch((error: unknown) => {
      if (!failed) onFirstFailure();
      failed = true;
      throw error;
    }),
  );
  const settled = await Promise.allSettled(guarded);
  const failure = settled.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
