import type { z } from "zod";
import type { TextRun as TextRunSchema } from "../../../contract/pages.ts";

export type TextRun = z.infer<typeof TextRunSchema>;

// **bold**, _italic_, `code`, [text](https://…): the marks a paragraph can hold, typed as text.
const TOKEN = /\*\*(.+?)\*\*|_(.+?)_|`(.+?)`|\[([^\]]+)\]\(((?:https?:\/\/|mailto:)[^)\s]+)\)/g;

/** Paragraph text with simple marks → the runs the page document stores. */
export function parseRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index) });
    const [, bold, italic, code, linkText, href] = match;
    if (bold !== undefined) runs.push({ text: bold, bold: true });
    else if (italic !== undefined) runs.push({ text: italic, italic: true });
    else if (code !== undefined) runs.push({ text: code, code: true });
    else runs.push({ text: linkText!, link: href! });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last) });
  return runs;
}

/** Runs → the text the paragraph editor shows. */
export function formatRuns(runs: TextRun[]): string {
  return runs
    .map((run) => {
      if (run.link) return `[${run.text}](${run.link})`;
      if (run.bold) return `**${run.text}**`;
      if (run.italic) return `_${run.text}_`;
      if (run.code) return `\`${run.text}\``;
      return run.text;
    })
    .join("");
}
