/** The tag being typed in a comma-separated field: the text after the last comma, trimmed. */
export const lastTag = (text: string) => text.slice(text.lastIndexOf(",") + 1).trim();

/** `text` with the tag being typed replaced by `tag`, the tags before it kept. */
export const withLastTag = (text: string, tag: string) => {
  const before = text.slice(0, text.lastIndexOf(",") + 1);
  return before ? `${before} ${tag}` : tag;
};
