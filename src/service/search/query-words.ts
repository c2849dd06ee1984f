import type { FileKind } from "../../contract/files.ts";
import { COLOR_NAMES, type ColorName, type SearchMember, type Step } from "./query-findings.ts";

const KIND_WORDS: Record<string, FileKind> = {
  image: "image",
  images: "image",
  photo: "image",
  photos: "image",
  picture: "image",
  pictures: "image",
  pic: "image",
  pics: "image",
  video: "video",
  videos: "video",
  movie: "video",
  movies: "video",
  clip: "video",
  clips: "video",
  audio: "audio",
  sound: "audio",
  sounds: "audio",
  music: "audio",
  song: "audio",
  songs: "audio",
  document: "document",
  documents: "document",
  doc: "document",
  docs: "document",
  font: "font",
  fonts: "font",
  archive: "archive",
  archives: "archive",
};

/** Extensions recognised as bare words; any ".ext" word is an extension too. Aliases expand to each other. */
const EXTENSIONS = new Set(
  (
    "png jpg jpeg gif webp svg tif tiff heic heif avif bmp ico raw mp4 mov webm avi mkv m4v mp3 wav aac flac ogg m4a " +
    "pdf psd ai eps indd sketch fig zip rar 7z txt csv rtf docx xlsx pptx odt ods odp ttf otf woff woff2 html json"
  ).split(" "),
);
const EXTENSION_ALIASES: Record<string, string[]> = {
  jpg: ["jpg", "jpeg"],
  jpeg: ["jpg", "jpeg"],
  tif: ["tif", "tiff"],
  tiff: ["tif", "tiff"],
  heic: ["heic", "heif"],
  heif: ["heic", "heif"],
};

const COLOR_WORDS: Record<string, ColorName> = {
  ...Object.fromEntries(COLOR_NAMES.map((c) => [c, c])),
  grey: "gray",
  violet: "purple",
};

/** "uploaded by X", "by X", "from X", when X names members. */
export const recognisePerson: Step = (tokens, at, { members }) => {
  const t = tokens[at];
  const personAt =
    t === "uploaded" && tokens[at + 1] === "by" ? at + 2 : t === "by" || t === "from" ? at + 1 : -1;
  if (personAt < 0) return null;
  const match = matchPerson(tokens, personAt, members);
  return match ? { consumed: personAt - at + match.consumed, people: match.ids } : null;
};

export const recogniseKind: Step = (tokens, at) => {
  const kind = KIND_WORDS[tokens[at]!];
  return kind ? { consumed: 1, kinds: [kind] } : null;
};

/** ".svg", or a well-known extension as a bare word ("png"), with its aliases. */
export const recogniseExtension: Step = (tokens, at) => {
  const t = tokens[at]!;
  const dotted = /^\.([a-z0-9]{1,10})$/.exec(t)?.[1];
  if (!dotted && !EXTENSIONS.has(t)) return null;
  const ext = dotted ?? t;
  return { consumed: 1, extensions: extensionWithAliases(ext) };
};

/** An extension and the others that name the same format (jpg and jpeg): each means both. */
export const extensionWithAliases = (extension: string) => EXTENSION_ALIASES[extension] ?? [extension];

export const recogniseColor: Step = (tokens, at) => {
  const color = COLOR_WORDS[tokens[at]!];
  return color ? { consumed: 1, colors: [color] } : null;
};

/** A member named by the words at `at`: the full name (two words) first, then a first name or email prefix. */
function matchPerson(
  tokens: string[],
  at: number,
  members: SearchMember[],
): { ids: string[]; consumed: number } | null {
  const first = tokens[at];
  if (!first || first.length < 2) return null;
  const second = tokens[at + 1];
  if (second) {
    const full = `${first} ${second}`;
    const ids = members.filter((m) => m.name.toLowerCase().startsWith(full)).map((m) => m.id);
    if (ids.length) return { ids, consumed: 2 };
  }
  const ids = members
    .filter((m) => {
      const name = m.name.toLowerCase();
      const local = m.email.toLowerCase().split("@")[0] ?? "";
      return (
        name.startsWith(first) ||
        name.split(/\s+/).some((part) => part.startsWith(first)) ||
        local.startsWith(first) ||
        m.email.toLowerCase() === first
      );
    })
    .map((m) => m.id);
  return ids.length ? { ids, consumed: 1 } : null;
}
