import { type FormEvent, useState } from "react";
import type { BoardWithProperties } from "../../../contract/boards.ts";
import { PROPERTY_TYPES, type PropertyType } from "../../../contract/files.ts";
import { CreatePropertyBody } from "../../../contract/properties.ts";
import { useCreateBoardProperty } from "../../api/boards.ts";
import { errorMessage } from "../../api/error-message.ts";
import { hasOptions, TYPE_LABELS } from "../properties/property-kinds.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { FormError } from "../ui/dialog-form.tsx";
import { Input } from "../ui/input.tsx";
import { BoardPropertyItem } from "./board-property-item.tsx";

function NewProperty({ boardId }: { boardId: string }) {
  const [name, setName] = useState("");
  const [type, setType] = useState<PropertyType>("status");
  const [options, setOptions] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateBoardProperty();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const labels = hasOptions(type)
      ? options
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean)
      : [];
    const parsed = CreatePropertyBody.safeParse({
      name,
      type,
      ...(labels.length ? { options: labels.map((label) => ({ label })) } : {}),
    });
    if (!parsed.success)
      return setProblem(`${parsed.error.issues[0]!.path.join(".")} ${parsed.error.issues[0]!.message}.`);
    setProblem(null);
    create.mutate(
      { params: { boardId }, body: parsed.data },
      {
        onSuccess: () => {
          setName("");
          setOptions("");
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <h3 className="font-medium text-sm">New property</h3>
      <div className="flex gap-2">
        <Input
          aria-label="Property name"
          placeholder="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <select
          aria-label="Property type"
          value={type}
          onChange={(e) => setType(e.target.value as PropertyType)}
          className="h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          {PROPERTY_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      {hasOptions(type) && (
        <Input
          aria-label="Options (comma-separated)"
          placeholder="Options, comma-separated: To do, Approved"
          value={options}
          onChange={(e) => setOptions(e.target.value)}
        />
      )}
      <FormError message={problem} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={create.isPending}>
          Add property
        </Button>
      </div>
    </form>
  );
}

/** A board's properties: rename, delete, options added or removed, and new ones (with their options). */
export function BoardPropertiesDialog({
  open,
  onOpenChange,
  board,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  board: BoardWithProperties;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Board properties"
      description={`Properties of “${board.name}”: each file on the board can hold a value of each.`}
    >
      <div className="space-y-3">
        {board.properties.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">This board has no properties yet.</p>
        ) : (
          <ul aria-label="Properties" className="space-y-2">
            {board.properties.map((property) => (
              <BoardPropertyItem key={property.id} boardId={board.id} property={property} />
            ))}
          </ul>
        )}
        <NewProperty boardId={board.id} />
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
