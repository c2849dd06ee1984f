import { type PointerEvent, useRef, useState } from "react";
import type { Annotation } from "../../../contract/comments.ts";
import {
  extendStroke,
  isMeaningful,
  normalizedPoint,
  type Point,
  rectangleBox,
  strokePath,
} from "./annotation-geometry.ts";
import { useReview } from "./review-context.tsx";

/** A light outline under every mark, so that it shows on any picture, red ones included. */
const HALO = "rgba(255,255,255,0.9)";

function Shape({ annotation, tone }: { annotation: Annotation; tone: "shown" | "draft" }) {
  const stroke = tone === "draft" ? "#f59e0b" : "#ef4444";
  if (annotation.type === "rectangle") {
    const box = rectangleBox(annotation.coordinates);
    return (
      <g fill="none" vectorEffect="non-scaling-stroke">
        <rect {...box} stroke={HALO} strokeWidth={6} vectorEffect="non-scaling-stroke" />
        <rect {...box} stroke={stroke} strokeWidth={3} vectorEffect="non-scaling-stroke" />
      </g>
    );
  }
  const d = strokePath(annotation.coordinates);
  return (
    <g fill="none" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} stroke={HALO} strokeWidth={6} vectorEffect="non-scaling-stroke" />
      <path d={d} stroke={stroke} strokeWidth={3} vectorEffect="non-scaling-stroke" />
    </g>
  );
}

/**
 * Over the picture, in its own 0–1 box (it sits in the zoomed and panned layer, so marks follow the picture): the
 * selected comment's marks, the marks being drawn, and, while a tool is on, the surface that draws them.
 */
export function AnnotationLayer() {
  const review = useReview();
  const surface = useRef<SVGSVGElement>(null);
  const [active, setActive] = useState<Annotation | null>(null);
  if (!review) return null;
  const { tool, draft, shown } = review;
  if (!tool && draft.length === 0 && shown.length === 0) return null;

  const pointOf = (event: PointerEvent): Point =>
    normalizedPoint({ x: event.clientX, y: event.clientY }, surface.current!.getBoundingClientRect());
  const down = (event: PointerEvent<SVGSVGElement>) => {
    if (!tool || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const start = pointOf(event);
    setActive({ type: tool, coordinates: tool === "rectangle" ? [start, start] : [start] });
  };
  const move = (event: PointerEvent<SVGSVGElement>) => {
    if (!active) return;
    const at = pointOf(event);
    setActive(
      active.type === "rectangle"
        ? { type: "rectangle", coordinates: [active.coordinates[0]!, at] }
        : { type: "draw", coordinates: extendStroke(active.coordinates, at) },
    );
  };
  const up = () => {
    if (active && isMeaningful(active)) review.setDraft((d) => [...d, active]);
    setActive(null);
  };
  return (
    <svg
      ref={surface}
      viewBox="0 0 1 1"
      preserveAspectRatio="none"
      data-annotating={tool ? "" : undefined}
      role={tool ? "application" : "img"}
      aria-label={tool ? "Drawing surface: drag on the picture to mark it" : "Marks of the selected comment"}
      className={
        tool
          ? "absolute inset-0 size-full cursor-crosshair touch-none"
          : "pointer-events-none absolute inset-0 size-full"
      }
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => setActive(null)}
    >
      {shown.map((annotation, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: marks have no identity of their own
        <Shape key={`s${i}`} annotation={annotation} tone="shown" />
      ))}
      {draft.map((annotation, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        <Shape key={`d${i}`} annotation={annotation} tone="draft" />
      ))}
      {active && <Shape annotation={active} tone="draft" />}
    </svg>
  );
}
