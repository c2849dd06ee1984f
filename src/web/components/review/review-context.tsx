import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import type { Annotation } from "../../../contract/comments.ts";

export type DrawTool = "draw" | "rectangle";

/** What the preview and the comments panel share on a file page. */
export interface Review {
  /** The comment whose marks the preview shows. */
  selectedId: string | null;
  select: (id: string | null) => void;
  /** Annotations shown over the picture: the selected comment's. */
  shown: Annotation[];
  setShown: (annotations: Annotation[]) => void;
  /** Drawing on the picture for the comment being written. */
  tool: DrawTool | null;
  setTool: (tool: DrawTool | null) => void;
  draft: Annotation[];
  setDraft: (update: (draft: Annotation[]) => Annotation[]) => void;
  /** The player's position in milliseconds, and a way to move it; null without a player. */
  player: { current: () => number; seek: (ms: number) => void } | null;
  setPlayer: (player: Review["player"]) => void;
  /** Comment timestamps, for markers on the scrub bar. */
  markers: { id: string; ms: number }[];
  setMarkers: (markers: { id: string; ms: number }[]) => void;
}

const ReviewContext = createContext<Review | null>(null);

export function ReviewProvider({
  children,
  initialSelected,
}: {
  children: ReactNode;
  initialSelected?: string;
}) {
  const [selectedId, select] = useState<string | null>(initialSelected ?? null);
  const [shown, setShown] = useState<Annotation[]>([]);
  const [tool, setTool] = useState<DrawTool | null>(null);
  const [draft, setDraftState] = useState<Annotation[]>([]);
  const [markers, setMarkers] = useState<{ id: string; ms: number }[]>([]);
  const playerRef = useRef<Review["player"]>(null);
  const [, rerender] = useState(0);
  // Stable, so that a player registering itself in an effect does not register again on every render.
  const setPlayer = useCallback((player: Review["player"]) => {
    playerRef.current = player;
    rerender((n) => n + 1);
  }, []);
  const value = useMemo<Review>(
    () => ({
      selectedId,
      select,
      shown,
      setShown,
      tool,
      setTool,
      draft,
      setDraft: (update) => setDraftState(update),
      get player() {
        return playerRef.current;
      },
      setPlayer,
      markers,
      setMarkers,
    }),
    [selectedId, shown, tool, draft, markers, setPlayer],
  );
  return <ReviewContext.Provider value={value}>{children}</ReviewContext.Provider>;
}

/** The file page's review state; outside a file page (no provider) null, and previews behave as before. */
export function useReview(): Review | null {
  return useContext(ReviewContext);
}
