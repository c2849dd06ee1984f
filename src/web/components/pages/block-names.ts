import type { PageBlock } from "../../../contract/pages.ts";

export type BlockType = PageBlock["type"];

export const BLOCK_LABELS: Record<BlockType, string> = {
  heading: "Heading",
  paragraph: "Paragraph",
  image: "Image",
  file_grid: "File grid",
  board_embed: "Board",
  divider: "Divider",
};

/** Each block's name for labels: its type, numbered among blocks of that type when there are several. */
export function blockNames(blocks: readonly Pick<PageBlock, "type">[]): string[] {
  const totals = new Map<BlockType, number>();
  for (const block of blocks) totals.set(block.type, (totals.get(block.type) ?? 0) + 1);
  const seen = new Map<BlockType, number>();
  return blocks.map((block) => {
    const ordinal = (seen.get(block.type) ?? 0) + 1;
    seen.set(block.type, ordinal);
    return totals.get(block.type)! > 1 ? `${BLOCK_LABELS[block.type]} ${ordinal}` : BLOCK_LABELS[block.type];
  });
}
