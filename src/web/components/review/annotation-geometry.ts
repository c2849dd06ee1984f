import type { Annotation } from "../../../contract/comments.ts";

export interface Point {
  x: number;
  y: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
/** Enough precision for any screen, short enough to keep comments small. */
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** A pointer position on the picture's box as a normalized point: 0 is the left or top edge, 1 the other. */
export function normalizedPoint(
  client: Point,
  box: { left: number; top: number; width: number; height: number },
): Point {
  if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0 };
  return {
    x: round(clamp01((client.x - box.left) / box.width)),
    y: round(clamp01((client.y - box.top) / box.height)),
  };
}

/** Strokes keep a point only once it is this far (normalized) from the last one kept. */
const MIN_STEP = 0.003;
export const MAX_POINTS = 2_000;

/** Adds a point to a freehand stroke unless it is too close to the last one or the stroke is full. */
export function extendStroke(points: Point[], next: Point): Point[] {
  const last = points.at(-1);
  if (points.length >= MAX_POINTS) return points;
  if (last && Math.hypot(next.x - last.x, next.y - last.y) < MIN_STEP) return points;
  return [...points, next];
}

/** An SVG path through the points of a stroke, in the 0–1 box. */
export function strokePath(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x} ${p.y}`).join(" ");
}

/** The rectangle of two opposite corners, whichever way it was dragged. */
export function rectangleBox([a, b]: Point[]): { x: number; y: number; width: number; height: number } {
  if (!a || !b) return { x: 0, y: 0, width: 0, height: 0 };
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

/** A finished shape worth keeping: a stroke of two points or more, a rectangle with some area. */
export function isMeaningful(annotation: Annotation): boolean {
  if (annotation.type === "draw") return annotation.coordinates.length >= 2;
  const box = rectangleBox(annotation.coordinates);
  return box.width > 0.005 && box.height > 0.005;
}
