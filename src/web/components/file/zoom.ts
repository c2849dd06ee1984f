/** Zoom and pan of the image viewer. Scale 1 shows the original's pixels 1:1; offsets move the image's centre. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MAX_SCALE = 8;
export const ZOOM_STEP = 1.25;

/** The scale that shows the whole image in the box, never enlarging a small image past its own pixels. */
export function fitScale(image: Size, box: Size): number {
  if (image.width <= 0 || image.height <= 0 || box.width <= 0 || box.height <= 0) return 1;
  return Math.min(1, box.width / image.width, box.height / image.height);
}

// `|| 0` turns -0 into 0, so a centred view always reads as {x: 0, y: 0}.
const within = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value)) || 0;
const minScale = (fit: number) => Math.min(fit, 1) / 2;

/** Keeps the image over the box: no panning along an axis where it fits, no empty margin where it does not. */
export function clampView(view: View, image: Size, box: Size, fit: number): View {
  const scale = Math.max(minScale(fit), Math.min(MAX_SCALE, view.scale));
  const limitX = Math.max(0, (image.width * scale - box.width) / 2);
  const limitY = Math.max(0, (image.height * scale - box.height) / 2);
  return { scale, x: within(view.x, limitX), y: within(view.y, limitY) };
}

/**
 * Zooms by `factor` around a point given relative to the box's centre, keeping the image pixel under that point
 * where it is (the wheel zooms around the pointer, the buttons around the centre).
 */
export function zoomAround(
  view: View,
  factor: number,
  point: { x: number; y: number },
  image: Size,
  box: Size,
  fit: number,
): View {
  const scale = Math.max(minScale(fit), Math.min(MAX_SCALE, view.scale * factor));
  const ratio = scale / view.scale;
  return clampView(
    { scale, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio },
    image,
    box,
    fit,
  );
}
