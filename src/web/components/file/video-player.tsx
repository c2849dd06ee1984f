import { useQuery } from "@tanstack/react-query";
import { Maximize, Minimize, Pause, Play, Volume2, VolumeX } from "lucide-react";
import { type SyntheticEvent, useEffect, useRef, useState } from "react";
import type { File } from "../../../contract/files.ts";
import { viaBff } from "../../api/client.ts";
import { contentUrlQuery } from "../../api/downloads.ts";
import { formatDuration } from "../../lib/format.ts";
import { useReview } from "../review/review-context.tsx";
import { usePlayerForReview } from "../review/use-player-for-review.ts";
import { isTypingTarget } from "./keys.ts";
import { ScrubBar } from "./scrub-bar.tsx";

const canPlay = (mime: string) => document.createElement("video").canPlayType(mime) !== "";

/** Playback state mirrored from the <video> element's events. */
function useMediaState() {
  const [state, setState] = useState({
    playing: false,
    current: 0,
    duration: 0,
    buffered: 0,
    muted: false,
    volume: 1,
  });
  const sync = (event: SyntheticEvent<HTMLVideoElement>) => {
    const v = event.currentTarget;
    setState({
      playing: !v.paused && !v.ended,
      current: v.currentTime,
      duration: Number.isFinite(v.duration) ? v.duration : 0,
      buffered: v.buffered.length > 0 ? v.buffered.end(v.buffered.length - 1) : 0,
      muted: v.muted,
      volume: v.volume,
    });
  };
  return { state, sync };
}

const CONTROL =
  "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white";

/**
 * A video with its own controls: the original when the browser plays its format (else, or when it fails, the
 * low-bitrate scrub proxy), and a seek bar that previews frames from the frames sprite.
 */
export function VideoPlayer({ file }: { file: File }) {
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const proxyUrl = viaBff(file.renditions.scrub_url);
  const [proxy, setProxy] = useState(() => !canPlay(file.mime) && !!proxyUrl);
  const original = useQuery({
    ...contentUrlQuery(file.id, { version_id: file.version.active_id ?? undefined }),
    enabled: !proxy,
  });
  const src = proxy ? proxyUrl : original.data ? viaBff(original.data.url) : undefined;
  const { state, sync } = useMediaState();
  const [fullscreen, setFullscreen] = useState(false);
  const duration = state.duration || (file.duration_ms ?? 0) / 1000;

  const toggle = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused || v.ended) void v.play().catch(() => {});
    else v.pause();
  };
  const seek = (seconds: number) => {
    if (video.current) video.current.currentTime = seconds;
  };
  const review = useReview();
  usePlayerForReview(review, video);

  useEffect(() => {
    const changed = () => setFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener("fullscreenchange", changed);
    const keys = (event: KeyboardEvent) => {
      if (isTypingTarget(event)) return;
      if (event.key === " " || event.key === "k") {
        if ((event.target as HTMLElement | null)?.closest?.("button, a")) return;
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", keys);
    return () => {
      document.removeEventListener("fullscreenchange", changed);
      window.removeEventListener("keydown", keys);
    };
  });

  const failed = () => {
    // The original would not play here (codec, container): fall back to the proxy made for the browser.
    if (!proxy && proxyUrl) setProxy(true);
  };
  const poster = viaBff(file.renditions.preview_url) ?? viaBff(file.thumbnail_url);
  return (
    <div ref={frame} className="relative flex h-full min-h-0 w-full flex-col bg-black">
      <div className="relative min-h-0 flex-1">
        {/* biome-ignore lint/a11y/useMediaCaption: user uploads come without caption tracks */}
        <video
          ref={video}
          key={src}
          src={src}
          poster={poster}
          preload="metadata"
          playsInline
          aria-label={file.name}
          className="absolute inset-0 size-full object-contain"
          onLoadedMetadata={sync}
          onTimeUpdate={sync}
          onProgress={sync}
          onPlay={sync}
          onPause={sync}
          onEnded={sync}
          onVolumeChange={sync}
          onError={failed}
        />
        {!state.playing && src && (
          <button
            type="button"
            aria-label="Play video"
            onClick={toggle}
            className="absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-white"
          >
            <Play className="ml-1 size-8" />
          </button>
        )}
        {!src && !proxyUrl && !canPlay(file.mime) && (
          <p className="absolute inset-x-0 bottom-4 mx-auto w-fit rounded bg-black/70 px-3 py-2 text-sm text-white">
            This browser cannot play {file.mime}: download the file to watch it.
          </p>
        )}
        {proxy && (
          <span className="absolute top-3 left-3 rounded bg-black/70 px-2 py-1 text-white text-xs">
            Low-resolution preview (no sound)
          </span>
        )}
      </div>
      <div className="flex items-center gap-2 bg-gradient-to-t from-black/90 to-black/60 px-3 py-2 text-white">
        <button
          type="button"
          className={CONTROL}
          aria-label={state.playing ? "Pause" : "Play"}
          onClick={toggle}
        >
          {state.playing ? <Pause className="size-4" /> : <Play className="size-4" />}
        </button>
        <span className="shrink-0 text-xs tabular-nums">
          {formatDuration(state.current * 1000)} / {formatDuration(duration * 1000)}
        </span>
        <ScrubBar
          duration={duration}
          current={state.current}
          buffered={state.buffered}
          onSeek={seek}
          framesUrl={viaBff(file.renditions.frames_url)}
          markers={review?.markers}
          onMarker={(id) => review?.select(id)}
        />
        <button
          type="button"
          className={CONTROL}
          aria-label={state.muted ? "Unmute" : "Mute"}
          onClick={() => {
            if (video.current) video.current.muted = !video.current.muted;
          }}
        >
          {state.muted || state.volume === 0 ? (
            <VolumeX className="size-4" />
          ) : (
            <Volume2 className="size-4" />
          )}
        </button>
        <input
          type="range"
          aria-label="Volume"
          min={0}
          max={1}
          step={0.05}
          value={state.muted ? 0 : state.volume}
          onChange={(event) => {
            const v = video.current;
            if (!v) return;
            v.volume = Number(event.target.value);
            v.muted = v.volume === 0;
          }}
          className="hidden w-20 accent-white sm:block"
        />
        <button
          type="button"
          className={CONTROL}
          aria-label={fullscreen ? "Exit full screen" : "Full screen"}
          onClick={() => {
            if (document.fullscreenElement) void document.exitFullscreen();
            else void frame.current?.requestFullscreen();
          }}
        >
          {fullscreen ? <Minimize className="size-4" /> : <Maximize className="size-4" />}
        </button>
      </div>
    </div>
  );
}
