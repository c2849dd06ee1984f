import type { Comment, Reply } from "../../../contract/comments.ts";

export function authorName(item: Pick<Comment | Reply, "author" | "anonymous_name">): string {
  return item.author?.name ?? `${item.anonymous_name ?? "Visitor"} (visitor)`;
}

/** Names a comment or reply in its buttons' labels, so that screen readers tell one thread's "Resolve" from the next. */
export function subjectOf(kind: "comment" | "reply", item: Comment | Reply): string {
  const text = item.text.replace(/\s+/g, " ").trim();
  const words = text.length > 40 ? `${text.slice(0, 40).trimEnd()}…` : text;
  return `${kind} by ${authorName(item)}: “${words}”`;
}
