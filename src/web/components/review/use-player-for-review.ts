import { type RefObject, useEffect } from "react";
import type { Review } from "./review-context.tsx";

/** Lends a media element's playhead to the comments panel: it reads it for a new comment and seeks to old ones. */
export function usePlayerForReview(review: Review | null, media: RefObject<HTMLMediaElement | null>) {
  const setPlayer = review?.setPlayer;
  useEffect(() => {
    if (!setPlayer) return;
    setPlayer({
      current: () => Math.round((media.current?.currentTime ?? 0) * 1000),
      seek: (ms) => {
        if (media.current) media.current.currentTime = ms / 1000;
      },
    });
    return () => setPlayer(null);
  }, [setPlayer, media]);
}
