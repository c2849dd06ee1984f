/** The tag being typed in a comma-separated field: the text after the last comma, trimmed. */
export const lastTag = (text: string) => text.slice(text.lastIndexOf(",") + 1).trim();

/** `text` with the tag being typed replaced by `tag`, the tags before it kept. */
export const withLastTag = (text: string, tag: string) => {
  const before = text.slice(0, text.lastIndexOf(",") + 1);
  return before ? `${before} ${tag}` : tag;
};

const WORD_BREAK = /[\s_./-]/;

/**
 * Where `typed` starts in `tag` the way the service matches it (the tag's start, or a word's, in any case), or
 * -1: for showing the matched part of a suggestion.
 */
export function matchStart(tag: string, typed: string): number {
  if (!typed) return -1;
  const lower = tag.toLowerCase();
  const wanted = typed.toLowerCase();
  for (let at = 0; at <= lower.length - wanted.length; at++) {
    if ((at === 0 || WORD_BREAK.test(lower[at - 1]!)) && lower.startsWith(wanted, at)) return at;
  }
  return -1;
}
