import { useQuery } from "@tanstack/react-query";
import { Loader2, Maximize, Minus, Plus, Scan } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { File } from "../../../contract/files.ts";
import { viaBff } from "../../api/client.ts";
import { contentUrlQuery } from "../../api/downloads.ts";
import { cn } from "../../lib/cn.ts";
import { AnnotationLayer } from "../review/annotation-layer.tsx";
import { Button } from "../ui/button.tsx";
import { isTypingTarget } from "./keys.ts";
import { browserShows, parseResolution, SMALL_ORIGINAL_MAX } from "./media.ts";
import { useElementSize } from "./use-element-size.ts";
import { clampView, fitScale, type Size, type View, ZOOM_STEP, zoomAround } from "./zoom.ts";

/**
 * The original replaces the preview when it shows more: there is no preview yet, or the zoom goes past the
 * preview's own pixels. Only for small originals a browser can show.
 */
function wantsOriginal(file: File, image: Size, previewWidth: number | null, scale: number): boolean {
  if (!browserShows(file.mime) || file.size > SMALL_ORIGINAL_MAX) return false;
  if (!file.renditions.preview_url) return true;
  return previewWidth !== null && previewWidth < image.width && scale * image.width > previewWidth * 1.05;
}

/** Wheel, drag and double-click on the picture, as native listeners (wheel must be able to preventDefault). */
function usePointerZoom(
  box: React.RefObject<HTMLDivElement | null>,
  current: () => { view: View; image: Size; size: Size; fit: number },
  setView: (view: View | null) => void,
) {
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const pointOf = (event: MouseEvent) => {
      const rect = element.getBoundingClientRect();
      return { x: event.clientX - rect.left - rect.width / 2, y: event.clientY - rect.top - rect.height / 2 };
    };
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const { view, image, size, fit } = current();
      setView(zoomAround(view, Math.exp(-event.deltaY * 0.0015), pointOf(event), image, size, fit));
    };
    let drag: { id: number; x: number; y: number; view: View } | null = null;
    const down = (event: PointerEvent) => {
      // Drawing a mark on the picture is not a pan.
      if (event.button !== 0 || (event.target as Element).closest?.("[data-annotating]")) return;
      drag = { id: event.pointerId, x: event.clientX, y: event.clientY, view: current().view };
      element.setPointerCapture(event.pointerId);
    };
    const move = (event: PointerEvent) => {
      if (!drag || drag.id !== event.pointerId) return;
      const { image, size, fit } = current();
      const { view } = drag;
      const moved = { ...view, x: view.x + event.clientX - drag.x, y: view.y + event.clientY - drag.y };
      setView(clampView(moved, image, size, fit));
    };
    const up = () => {
      drag = null;
    };
    const doubleClick = (event: MouseEvent) => {
      const { view, image, size, fit } = current();
      setView(
        view.scale > fit * 1.01 ? null : zoomAround(view, 1 / view.scale, pointOf(event), image, size, fit),
      );
    };
    element.addEventListener("wheel", wheel, { passive: false });
    element.addEventListener("pointerdown", down);
    element.addEventListener("pointermove", move);
    element.addEventListener("pointerup", up);
    element.addEventListener("pointercancel", up);
    element.addEventListener("dblclick", doubleClick);
    return () => {
      element.removeEventListener("wheel", wheel);
      element.removeEventListener("pointerdown", down);
      element.removeEventListener("pointermove", move);
      element.removeEventListener("pointerup", up);
      element.removeEventListener("pointercancel", up);
      element.removeEventListener("dblclick", doubleClick);
    };
  }, [box, current, setView]);
}

/** A large image with zoom (fit, 100 %, wheel, buttons, + and - keys) and drag to pan. */
export function ImageViewer({ file }: { file: File }) {
  const box = useRef<HTMLDivElement>(null);
  const size = useElementSize(box);
  const [natural, setNatural] = useState<Size | null>(null);
  const [previewWidth, setPreviewWidth] = useState<number | null>(null);
  // A picture that fails to load stops the spinner too: the grid behind it is what there is to show.
  const [baseSettled, setBaseSettled] = useState(false);
  const [originalState, setOriginalState] = useState<"loading" | "loaded" | "failed">("loading");
  // null follows the box ("fit"); any zoom or pan fixes the view.
  const [fixed, setFixed] = useState<View | null>(null);

  const image = parseResolution(file.resolution) ?? natural ?? { width: 1, height: 1 };
  // Fitting leaves a margin, so the picture does not touch the edges or hide under the zoom toolbar.
  const fit = fitScale(image, { width: size.width - 48, height: size.height - 96 });
  const view = fixed ?? { scale: fit, x: 0, y: 0 };
  const state = useRef({ view, image, size, fit });
  state.current = { view, image, size, fit };
  const [current] = useState(() => () => state.current);
  usePointerZoom(box, current, setFixed);

  const originalWanted = wantsOriginal(file, image, previewWidth, view.scale);
  const original = useQuery({
    ...contentUrlQuery(file.id, { rendition: "original", version_id: file.version.active_id ?? undefined }),
    enabled: originalWanted,
  });
  const base = viaBff(file.renditions.preview_url) ?? viaBff(file.thumbnail_url);
  const originalSrc = original.data ? viaBff(original.data.url) : undefined;

  const zoomBy = (factor: number) => setFixed(zoomAround(view, factor, { x: 0, y: 0 }, image, size, fit));
  const actualSize = () => setFixed(clampView({ scale: 1, x: 0, y: 0 }, image, size, fit));

  useEffect(() => {
    const keys = (event: KeyboardEvent) => {
      if (isTypingTarget(event)) return;
      const { view: v, image: i, size: s, fit: f } = state.current;
      if (event.key === "+" || event.key === "=") setFixed(zoomAround(v, ZOOM_STEP, { x: 0, y: 0 }, i, s, f));
      else if (event.key === "-") setFixed(zoomAround(v, 1 / ZOOM_STEP, { x: 0, y: 0 }, i, s, f));
      else if (event.key === "0") setFixed(null);
      else if (event.key === "1") setFixed(clampView({ scale: 1, x: 0, y: 0 }, i, s, f));
    };
    window.addEventListener("keydown", keys);
    return () => window.removeEventListener("keydown", keys);
  }, []);

  const zoomed = view.scale > fit * 1.01;
  const originalPending = originalWanted && !original.isError && originalState === "loading";
  // The first picture to show is the preview when there is one, else the original.
  const firstPending = base ? !baseSettled : originalPending;
  const loading = firstPending ? "Loading image…" : originalPending ? "Loading full resolution…" : null;
  const layer = {
    width: image.width * view.scale,
    height: image.height * view.scale,
    transform: `translate(calc(-50% + ${view.x}px), calc(-50% + ${view.y}px))`,
  };
  return (
    <div className="relative h-full min-h-0 w-full overflow-hidden">
      <div
        ref={box}
        className={cn(
          "absolute inset-0 touch-none select-none",
          zoomed ? "cursor-grab active:cursor-grabbing" : "cursor-zoom-in",
        )}
      >
        <div className="transparency-grid absolute top-1/2 left-1/2" style={layer}>
          {base && (
            <img
              src={base}
              alt={file.name}
              draggable={false}
              className="absolute inset-0 size-full object-contain"
              onError={() => setBaseSettled(true)}
              onLoad={(event) => {
                setBaseSettled(true);
                const img = event.currentTarget;
                setNatural((known) => known ?? { width: img.naturalWidth, height: img.naturalHeight });
                if (file.renditions.preview_url) setPreviewWidth(img.naturalWidth);
              }}
            />
          )}
          {originalSrc && (
            <img
              src={originalSrc}
              alt={base ? "" : file.name}
              draggable={false}
              className={cn(
                "absolute inset-0 size-full object-contain transition-opacity",
                originalState === "loaded" ? "opacity-100" : "opacity-0",
              )}
              onError={() => setOriginalState("failed")}
              onLoad={() => setOriginalState("loaded")}
            />
          )}
          <AnnotationLayer />
        </div>
      </div>
      {loading && <LoadingBadge label={loading} />}
      <div
        role="toolbar"
        aria-label="Zoom"
        className="-translate-x-1/2 absolute bottom-4 left-1/2 flex items-center gap-0.5 rounded-lg border border-zinc-200 bg-white/95 p-1 shadow-md dark:border-zinc-700 dark:bg-zinc-900/95"
      >
        <Button
          variant="ghost"
          size="icon"
          aria-label="Zoom out"
          title="Zoom out (-)"
          onClick={() => zoomBy(1 / ZOOM_STEP)}
        >
          <Minus className="size-4" />
        </Button>
        <output className="w-14 text-center text-sm tabular-nums" aria-label="Zoom level">
          {Math.round(view.scale * 100)}%
        </output>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Zoom in"
          title="Zoom in (+)"
          onClick={() => zoomBy(ZOOM_STEP)}
        >
          <Plus className="size-4" />
        </Button>
        <span className="mx-1 h-5 w-px bg-zinc-200 dark:bg-zinc-700" aria-hidden="true" />
        <Button
          variant="ghost"
          size="sm"
          aria-label="Fit to screen"
          aria-pressed={fixed === null}
          title="Fit to screen (0)"
          onClick={() => setFixed(null)}
        >
          <Maximize className="size-4" aria-hidden="true" /> Fit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={fixed !== null && Math.abs(view.scale - 1) < 0.001}
          title="Actual size (1)"
          onClick={actualSize}
        >
          <Scan className="size-4" aria-hidden="true" /> 100%
        </Button>
      </div>
    </div>
  );
}

/**
 * What the picture is waiting for, top right, shown only after a moment: a preview from the cache needs no word,
 * a large one on a slow link does.
 */
function LoadingBadge({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="absolute top-3 right-3 flex appear-later items-center gap-1.5 rounded-md border border-zinc-200 bg-white/95 px-2 py-1 text-xs text-zinc-700 shadow-sm dark:border-zinc-700 dark:bg-zinc-900/95 dark:text-zinc-300"
    >
      <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" /> {label}
    </div>
  );
}
