/** One derived file written to the output directory; the job uploads it and records a rendition. */
export interface Rendition {
  path: string;
  mime: string;
  width: number;
  height: number;
  /** Bytes on disk. */
  size: number;
}

/** A sprite sheet of evenly spaced video frames for the scrub bar, read left to right, top to bottom. */
export interface FramesSprite extends Rendition {
  columns: number;
  rows: number;
  frameWidth: number;
  frameHeight: number;
  /** Time between two frames; frame `i` shows the video at `(i + 0.5) * intervalMs`. */
  intervalMs: number;
  count: number;
}

/** What a still picture (an image, a video poster, a PDF page) says about itself, for search and the dashboard. */
export interface StillDescription {
  /** Hex `#rrggbb`, up to 5, most prominent first. */
  dominantColors: string[];
  /** A blurhash string: the dashboard decodes it into a blurred placeholder while the thumbnail loads. */
  placeholder: string;
  /** A descriptor for `similarity()`; see features.ts. */
  features: number[];
}

/** The renditions every still gets: WebP thumbnail and preview, and a JPEG thumbnail for old clients. */
export interface StillRenditions {
  thumbnail: Rendition;
  thumbnailJpeg: Rendition;
  preview: Rendition;
}
