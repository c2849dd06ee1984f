/** The `@name` being typed at the caret: its start (the `@`) and what follows it, or null. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,40})$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** Replaces the `@query` at `start` with `@Name ` and says where the caret goes. */
export function applyMention(text: string, start: number, caret: number, name: string) {
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/** Members whose name or email starts a word with the query, best first, at most `limit`. */
export function matchMembers<M extends { name: string; email: string }>(
  members: M[],
  query: string,
  limit = 6,
): M[] {
  const q = query.toLowerCase();
  const score = (m: M) => {
    const name = m.name.toLowerCase();
    if (name.startsWith(q)) return 0;
    if (name.split(/\s+/).some((word) => word.startsWith(q))) return 1;
    if (m.email.toLowerCase().startsWith(q)) return 2;
    return 3;
  };
  return members
    .map((m) => ({ m, s: score(m) }))
    .filter(({ s }) => s < 3)
    .sort((a, b) => a.s - b.s || a.m.name.localeCompare(b.m.name))
    .slice(0, limit)
    .map(({ m }) => m);
}
