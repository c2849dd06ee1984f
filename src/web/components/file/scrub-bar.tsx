import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { formatDuration } from "../../lib/format.ts";
import { frameAt, type SpriteLayout, spriteLayout } from "./sprite.ts";

interface Sprite {
  url: string;
  width: number;
  height: number;
  layout: SpriteLayout;
}

/** Loads the frames sprite to learn its natural size, from which its tiles follow (see sprite.ts). */
function useSprite(url: string | undefined, durationMs: number): Sprite | null {
  const [natural, setNatural] = useState<{ url: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!url) return;
    const img = new Image();
    img.onload = () => setNatural({ url, width: img.naturalWidth, height: img.naturalHeight });
    img.src = url;
    return () => {
      img.onload = null;
    };
  }, [url]);
  if (!natural || natural.url !== url || durationMs <= 0) return null;
  return { ...natural, layout: spriteLayout(durationMs, natural.width, natural.height) };
}

function FramePreview({ sprite, timeMs }: { sprite: Sprite; timeMs: number }) {
  const { layout } = sprite;
  const frame = frameAt(layout, timeMs);
  return (
    <div
      className="overflow-hidden rounded border border-white/30 bg-black bg-no-repeat"
      style={{
        width: layout.frameWidth,
        height: layout.frameHeight,
        backgroundImage: `url("${sprite.url}")`,
        backgroundSize: `${sprite.width}px ${sprite.height}px`,
        backgroundPosition: `-${frame.x}px -${frame.y}px`,
      }}
    />
  );
}

export interface ScrubBarProps {
  /** Seconds. */
  duration: number;
  current: number;
  buffered: number;
  onSeek: (seconds: number) => void;
  framesUrl: string | undefined;
  /** Comments at a playhead position: a marker each, which seeks there and selects the comment. */
  markers?: { id: string; ms: number }[];
  onMarker?: (commentId: string) => void;
}

/**
 * The seek bar: a slider (arrow keys ±5 s, Page keys ±10 %, Home/End) that shows the video's frame under the
 * pointer from the frames sprite while hovering.
 */
export function ScrubBar({
  duration,
  current,
  buffered,
  onSeek,
  framesUrl,
  markers,
  onMarker,
}: ScrubBarProps) {
  const bar = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ x: number; time: number } | null>(null);
  const dragging = useRef(false);
  const sprite = useSprite(framesUrl, duration * 1000);
  const fraction = duration > 0 ? Math.min(1, current / duration) : 0;

  const timeAt = (clientX: number) => {
    const rect = bar.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return { x: 0, time: 0 };
    const x = Math.max(0, Math.min(rect.width, clientX - rect.left));
    return { x, time: (x / rect.width) * duration };
  };
  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    onSeek(timeAt(event.clientX).time);
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const at = timeAt(event.clientX);
    setHover(at);
    if (dragging.current) onSeek(at.time);
  };
  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    const jumps: Record<string, number> = {
      ArrowLeft: current - 5,
      ArrowDown: current - 5,
      ArrowRight: current + 5,
      ArrowUp: current + 5,
      PageDown: current - duration / 10,
      PageUp: current + duration / 10,
      Home: 0,
      End: duration,
    };
    const to = jumps[event.key];
    if (to === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    onSeek(Math.max(0, Math.min(duration, to)));
  };

  const width = bar.current?.clientWidth ?? 0;
  const tip = sprite?.layout.frameWidth ?? 48;
  const tipLeft = hover ? Math.max(0, Math.min(width - tip, hover.x - tip / 2)) : 0;
  return (
    <div className="group relative flex h-6 flex-1 items-center">
      {hover && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute bottom-7 flex flex-col items-center gap-1"
          style={{ left: tipLeft, width: tip }}
        >
          {sprite && <FramePreview sprite={sprite} timeMs={hover.time * 1000} />}
          <span className="rounded bg-black/80 px-1.5 py-0.5 font-medium text-white text-xs tabular-nums">
            {formatDuration(hover.time * 1000)}
          </span>
        </div>
      )}
      <div
        ref={bar}
        role="slider"
        tabIndex={0}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(current)}
        aria-valuetext={`${formatDuration(current * 1000)} of ${formatDuration(duration * 1000)}`}
        className="relative h-6 w-full cursor-pointer touch-none rounded outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={() => {
          dragging.current = false;
        }}
        onPointerLeave={() => {
          if (!dragging.current) setHover(null);
        }}
        onKeyDown={key}
      >
        <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-white/25 transition-[height] group-hover:h-1.5">
          <div
            className="absolute inset-y-0 left-0 rounded-full bg-white/40"
            style={{ width: `${duration > 0 ? Math.min(100, (buffered / duration) * 100) : 0}%` }}
          />
          <div
            className="absolute inset-y-0 left-0 rounded-full bg-accent-500"
            style={{ width: `${fraction * 100}%` }}
          />
        </div>
        <div
          className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white shadow"
          style={{ left: `${fraction * 100}%` }}
        />
      </div>
      {duration > 0 &&
        markers?.map((marker) => (
          <button
            key={marker.id}
            type="button"
            aria-label={`Comment at ${formatDuration(marker.ms)}`}
            title={`Comment at ${formatDuration(marker.ms)}`}
            data-comment-marker={marker.id}
            onClick={() => {
              onSeek(marker.ms / 1000);
              onMarker?.(marker.id);
            }}
            className="absolute top-0 h-2.5 w-2.5 -translate-x-1/2 rotate-45 rounded-[2px] bg-amber-400 ring-1 ring-black/40 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-white"
            style={{ left: `${Math.min(100, (marker.ms / 1000 / duration) * 100)}%` }}
          />
        ))}
    </div>
  );
}
