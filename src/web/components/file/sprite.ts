/**
 * The frames sprite of a video (`renditions.frames_url`). The API gives only its URL, so its layout is derived
 * the way the service builds it (src/service/media/video-sprite.ts): `count = min(25, max(1, floor(duration /
 * 200 ms)))` evenly spaced frames, frame `i` showing the video at `(i + 0.5) * duration / count`, laid out left
 * to right and top to bottom in `min(5, count)` columns, each frame at most 160 px on its longer side. The tile
 * size comes from the sprite image's natural size divided by columns and rows.
 */
export const SPRITE_RULES = { maxFrames: 25, columns: 5, minIntervalMs: 200, frameBox: 160 } as const;

export interface SpriteLayout {
  count: number;
  columns: number;
  rows: number;
  frameWidth: number;
  frameHeight: number;
  intervalMs: number;
}

export function spriteLayout(durationMs: number, naturalWidth: number, naturalHeight: number): SpriteLayout {
  const count = Math.min(
    SPRITE_RULES.maxFrames,
    Math.max(1, Math.floor(durationMs / SPRITE_RULES.minIntervalMs)),
  );
  const columns = Math.min(SPRITE_RULES.columns, count);
  const rows = Math.ceil(count / columns);
  return {
    count,
    columns,
    rows,
    frameWidth: naturalWidth / columns,
    frameHeight: naturalHeight / rows,
    intervalMs: durationMs / count,
  };
}

/** The frame closest before a time, and where it sits in the sprite (pixels of the natural image). */
export function frameAt(layout: SpriteLayout, timeMs: number): { index: number; x: number; y: number } {
  const index = Math.max(0, Math.min(layout.count - 1, Math.floor(timeMs / layout.intervalMs)));
  return {
    index,
    x: (index % layout.columns) * layout.frameWidth,
    y: Math.floor(index / layout.columns) * layout.frameHeight,
  };
}
