import { useEffect } from "react";

/** Asks for the next page once the last rendered row of a virtualized view is within `margin` rows of the end. */
export function useLoadMoreNearEnd(view: {
  lastRow: number;
  rowCount: number;
  margin: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}): void {
  const { lastRow, rowCount, margin, hasMore, loadingMore, onLoadMore } = view;
  useEffect(() => {
    if (hasMore && !loadingMore && lastRow >= rowCount - margin) onLoadMore();
  }, [hasMore, loadingMore, lastRow, rowCount, margin, onLoadMore]);
}
