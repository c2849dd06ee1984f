/** Rows per delete statement: keeps each transaction and its locks short on a large table. */
export const DELETE_BATCH_SIZE = 5_000;

/** Runs `deleteBatch(limit)` until it deletes fewer than `limit` rows; returns the total deleted. */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  limit = DELETE_BATCH_SIZE,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(limit);
    total += deleted;
    if (deleted < limit) return total;
  }
}
