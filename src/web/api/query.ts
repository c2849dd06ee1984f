import {
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { Operation } from "../../contract/operation.ts";
import { type CallInput, call, type Output } from "./client.ts";

type Input<Op extends Operation> = Omit<CallInput<Op>, "signal" | "idempotencyKey">;
/** The item type of a list operation's `data`. */
export type ItemOf<Op extends Operation> = Output<Op> extends { data: (infer T)[] } ? T : never;

/** Query keys start with the operation id, so a mutation can invalidate every cached answer of an operation. */
export function keyOf<Op extends Operation>(op: Op, input?: Input<Op>): QueryKey {
  return input ? [op.id, input] : [op.id];
}

/** Refetches every cached answer of the given operations (their keys start with the operation id). */
export function invalidateOperations(queryClient: QueryClient, ops: Pick<Operation, "id">[]) {
  return Promise.all(ops.map((op) => queryClient.invalidateQueries({ queryKey: [op.id] })));
}

/** One GET operation as a query. */
export function apiQuery<Op extends Operation>(op: Op, input: Input<Op> = {}) {
  return queryOptions<Output<Op>>({
    queryKey: keyOf(op, input),
    queryFn: ({ signal }) => call(op, { ...input, signal }),
  });
}

interface ListPage {
  data: unknown[];
  has_more: boolean;
  next_cursor: string | null;
}

/** A cursor-paginated list operation as an infinite query: each page asks for `next_cursor` of the last. */
export function apiInfiniteQuery<Op extends Operation>(op: Op, input: Input<Op> = {}) {
  return infiniteQueryOptions({
    queryKey: [...keyOf(op, input), "infinite"],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      call(op, {
        ...input,
        query: {
          ...(input.query as object),
          ...(pageParam ? { cursor: pageParam } : {}),
        } as Input<Op>["query"],
        signal,
      }) as Promise<Output<Op> & ListPage>,
    getNextPageParam: (last: ListPage) => (last.has_more ? (last.next_cursor ?? undefined) : undefined),
  });
}

/** Every item of a cursor-paginated list, following the cursors. */
export async function fetchAll<Op extends Operation>(
  op: Op,
  input: Input<Op> = {},
  signal?: AbortSignal,
): Promise<ItemOf<Op>[]> {
  const items: ItemOf<Op>[] = [];
  let cursor: string | undefined;
  do {
    const page = (await call(op, {
      ...input,
      query: {
        limit: 100,
        ...(input.query as object),
        ...(cursor ? { cursor } : {}),
      } as Input<Op>["query"],
      signal,
    })) as ListPage;
    items.push(...(page.data as ItemOf<Op>[]));
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  return items;
}

/** Every item of a small cursor-paginated list (libraries, webhooks), as one query. */
export function apiQueryAll<Op extends Operation>(op: Op, input: Input<Op> = {}) {
  return queryOptions({
    queryKey: [...keyOf(op, input), "all"],
    queryFn: ({ signal }) => fetchAll(op, input, signal),
  });
}

/**
 * One mutation operation. Each `mutate` is one user action with its own Idempotency-Key, so a retried click
 * never applies twice; on success the listed operations' cached answers are refetched.
 */
export function useApiMutation<Op extends Operation>(op: Op, options: { invalidates?: Operation[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [op.id],
    mutationFn: (input: Input<Op>) => call(op, { ...input, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => invalidateOperations(queryClient, options.invalidates ?? []),
  });
}
