import { cn } from "../../lib/cn.ts";

/**
 * A file's large preview for a visitor: its video when it has a playable rendition, else its still (a video's
 * still as the poster), else a note. The caller sizes the picture or player with `className`.
 */
export function FileMedia({
  name,
  still,
  video,
  className,
}: {
  name: string;
  /** The preview, or the thumbnail when there is none, already through the visitor's proxy. */
  still: string | undefined;
  video?: string;
  className?: string;
}) {
  if (video)
    return (
      // biome-ignore lint/a11y/useMediaCaption: user content has no captions to offer
      <video key={video} src={video} poster={still} controls className={className} />
    );
  if (still)
    // Keyed, so that stepping to the next file does not show the last one until the new one arrives.
    return (
      <img key={still} src={still} alt={name} className={cn("transparency-grid object-contain", className)} />
    );
  return <p className="p-10 text-sm opacity-75">No preview for this file.</p>;
}
