import { useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from "lucide-react";
import { useState } from "react";
import type { PageBlock, PageReferences } from "../../../contract/pages.ts";
import { boardsQuery } from "../../api/boards.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { type BlockType, blockNames } from "./block-names.ts";
import { FilePickerDialog } from "./file-picker-dialog.tsx";
import { formatRuns, parseRuns } from "./rich-text.ts";

const newId = () => Math.random().toString(36).slice(2, 10);
const SELECT =
  "h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

export function emptyBlock(type: BlockType): PageBlock {
  const id = newId();
  switch (type) {
    case "heading":
      return { id, type, level: 2, text: "" };
    case "paragraph":
      return { id, type, runs: [] };
    case "image":
      return { id, type, file_id: "" };
    case "file_grid":
      return { id, type, file_ids: [], columns: 3 };
    case "board_embed":
      return { id, type, board_id: "", view: "gallery" };
    case "divider":
      return { id, type };
  }
}

/** A paragraph's text with marks, kept as typed while editing and parsed into runs on every change. */
function ParagraphEditor({
  block,
  onChange,
}: {
  block: Extract<PageBlock, { type: "paragraph" }>;
  onChange: (b: PageBlock) => void;
}) {
  const [text, setText] = useState(() => formatRuns(block.runs));
  return (
    <textarea
      aria-label="Paragraph"
      value={text}
      rows={3}
      placeholder="Text… **bold**, _italic_, `code`, [link](https://…)"
      onChange={(e) => {
        setText(e.target.value);
        onChange({ ...block, runs: parseRuns(e.target.value) });
      }}
      className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
    />
  );
}

function BlockFields({
  block,
  onChange,
  references,
  names,
  onNames,
  pageId,
}: {
  block: PageBlock;
  onChange: (b: PageBlock) => void;
  references: PageReferences | null;
  names: Record<string, string>;
  onNames: (names: Record<string, string>) => void;
  pageId: string;
}) {
  const [picking, setPicking] = useState(false);
  const boards = useQuery({ ...boardsQuery(), enabled: block.type === "board_embed" });
  const fileName = (id: string) => {
    const ref = references?.files[id];
    return names[id] ?? (ref?.available ? ref.name : id ? "Unavailable file" : "");
  };
  switch (block.type) {
    case "heading":
      return (
        <div className="flex gap-2">
          <select
            aria-label="Heading level"
            className={SELECT}
            value={block.level}
            onChange={(e) => onChange({ ...block, level: Number(e.target.value) as 1 | 2 | 3 })}
          >
            <option value={1}>Title</option>
            <option value={2}>Heading</option>
            <option value={3}>Subheading</option>
          </select>
          <Input
            aria-label="Heading text"
            value={block.text}
            maxLength={500}
            onChange={(e) => onChange({ ...block, text: e.target.value })}
          />
        </div>
      );
    case "paragraph":
      return <ParagraphEditor block={block} onChange={onChange} />;
    case "divider":
      return <hr className="my-2 border-zinc-300 dark:border-zinc-700" />;
    case "image":
      return (
        <div className="space-y-2">
          <div className="flex items-center gap-2">
            <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
              {block.file_id ? "Change image…" : "Choose image…"}
            </Button>
            <span className="truncate text-sm">{fileName(block.file_id)}</span>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Input
              aria-label="Alternative text"
              placeholder="Alternative text"
              value={block.alt ?? ""}
              maxLength={500}
              onChange={(e) => onChange({ ...block, alt: e.target.value })}
            />
            <Input
              aria-label="Caption"
              placeholder="Caption"
              value={block.caption ?? ""}
              maxLength={1000}
              onChange={(e) => onChange({ ...block, caption: e.target.value })}
            />
          </div>
          {picking && (
            <FilePickerDialog
              open
              onOpenChange={setPicking}
              title="Choose an image"
              kind="image"
              onPick={([file]) => {
                onNames({ ...names, [file!.id]: file!.name });
                onChange({ ...block, file_id: file!.id });
              }}
            />
          )}
        </div>
      );
    case "file_grid":
      return (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
              Add files…
            </Button>
            <select
              aria-label="Columns"
              className={SELECT}
              value={block.columns ?? 3}
              onChange={(e) => onChange({ ...block, columns: Number(e.target.value) })}
            >
              {[2, 3, 4, 5, 6].map((n) => (
                <option key={n} value={n}>
                  {n} columns
                </option>
              ))}
            </select>
          </div>
          <ul className="flex flex-wrap gap-1.5 text-xs">
            {block.file_ids.map((id) => (
              <li key={id} className="flex items-center gap-1 rounded bg-zinc-100 px-2 py-1 dark:bg-zinc-800">
                {fileName(id)}
                <button
                  type="button"
                  aria-label={`Remove ${fileName(id)}`}
                  onClick={() => onChange({ ...block, file_ids: block.file_ids.filter((f) => f !== id) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          {picking && (
            <FilePickerDialog
              open
              multiple
              onOpenChange={setPicking}
              title="Add files to the grid"
              exclude={[pageId]}
              onPick={(files) => {
                onNames({ ...names, ...Object.fromEntries(files.map((f) => [f.id, f.name])) });
                onChange({
                  ...block,
                  file_ids: [...new Set([...block.file_ids, ...files.map((f) => f.id)])].slice(0, 100),
                });
              }}
            />
          )}
        </div>
      );
    case "board_embed":
      return (
        <div className="flex gap-2">
          <select
            aria-label="Board"
            className={SELECT}
            value={block.board_id}
            onChange={(e) => onChange({ ...block, board_id: e.target.value })}
          >
            <option value="">Choose a board…</option>
            {boards.data?.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
          <select
            aria-label="Board view"
            className={SELECT}
            value={block.view ?? "gallery"}
            onChange={(e) => onChange({ ...block, view: e.target.value as "gallery" | "list" })}
          >
            <option value="gallery">Gallery</option>
            <option value="list">List</option>
          </select>
        </div>
      );
  }
}

/** The page's blocks, each with its fields; reordered by drag, or by the up and down buttons (keyboard). */
export function BlockEditor({
  blocks,
  onChange,
  references,
  pageId,
}: {
  pageId: string;
  blocks: PageBlock[];
  onChange: (blocks: PageBlock[]) => void;
  references: PageReferences | null;
}) {
  const [fileNames, setFileNames] = useState<Record<string, string>>({});
  const [dragging, setDragging] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    const next = [...blocks];
    const [block] = next.splice(from, 1);
    next.splice(to, 0, block!);
    onChange(next);
  };
  const replace = (index: number, block: PageBlock) =>
    onChange(blocks.map((b, i) => (i === index ? block : b)));
  const names = blockNames(blocks);
  return (
    <ol aria-label="Blocks" className="space-y-3">
      {blocks.map((block, index) => (
        <li
          key={block.id}
          aria-label={`${names[index]} block`}
          onDragOver={(e) => {
            if (dragging !== null) e.preventDefault();
          }}
          onDrop={(e) => {
            e.preventDefault();
            if (dragging !== null) move(dragging, index);
            setDragging(null);
          }}
          className="flex gap-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <span
            draggable
            onDragStart={() => setDragging(index)}
            onDragEnd={() => setDragging(null)}
            className="mt-1.5 cursor-grab text-zinc-400"
            aria-hidden="true"
          >
            <GripVertical className="size-4" />
          </span>
          {/* Named after the block, so that two paragraphs' "Paragraph" fields are told apart. */}
          <fieldset className="min-w-0 flex-1">
            <legend className="mb-1.5 font-medium text-xs text-zinc-600 uppercase tracking-wide dark:text-zinc-400">
              {names[index]}
            </legend>
            <BlockFields
              block={block}
              onChange={(b) => replace(index, b)}
              references={references}
              names={fileNames}
              onNames={setFileNames}
              pageId={pageId}
            />
          </fieldset>
          <div className="flex flex-col gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${names[index]} up`}
              disabled={index === 0}
              onClick={() => move(index, index - 1)}
            >
              <ArrowUp className="size-4" aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${names[index]} down`}
              disabled={index === blocks.length - 1}
              onClick={() => move(index, index + 1)}
            >
              <ArrowDown className="size-4" aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${names[index]}`}
              onClick={() => onChange(blocks.filter((_, i) => i !== index))}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
