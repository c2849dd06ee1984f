/** Case- and accent-insensitive text, for matching names the way people type them ("resume" finds "Résumé"). */
export function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** Whether every word of the search starts a word of the text ("sw th" finds "Switch to dark theme"). */
export function wordsMatch(search: string, text: string): boolean {
  const words = normalise(search).split(/\s+/).filter(Boolean);
  const targets = normalise(text).split(/[^\p{L}\p{N}]+/u);
  return words.every((word) => targets.some((target) => target.startsWith(word)));
}
