import { Trash2, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { OPTION_TYPES, type Property } from "../../../contract/properties.ts";
import {
  useCreateBoardOption,
  useDeleteBoardOption,
  useDeleteBoardProperty,
  useUpdateBoardProperty,
} from "../../api/boards.ts";
import { errorMessage } from "../../api/error-message.ts";
import { plural } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/dialog-form.tsx";
import { Input } from "../ui/input.tsx";

/** One board property in the properties dialog: its name (renamed on blur or Enter), options, and delete. */
export function BoardPropertyItem({ boardId, property }: { boardId: string; property: Property }) {
  const [name, setName] = useState(property.name);
  const [option, setOption] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateBoardProperty();
  const remove = useDeleteBoardProperty();
  const addOption = useCreateBoardOption();
  const removeOption = useDeleteBoardOption();
  const params = { boardId, propertyId: property.id };
  const onError = (error: unknown) => setProblem(errorMessage(error));
  const rename = () => {
    const next = name.trim();
    if (!next || next === property.name) return setName(property.name);
    update.mutate({ params, body: { name: next } }, { onSuccess: () => setProblem(null), onError });
  };
  const submitOption = (event: FormEvent) => {
    event.preventDefault();
    if (!option.trim()) return;
    addOption.mutate({ params, body: { label: option.trim() } }, { onSuccess: () => setOption(""), onError });
  };
  const withOptions = (OPTION_TYPES as readonly string[]).includes(property.type);
  return (
    <li className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="flex items-center gap-2">
        <Input
          aria-label={`Name of ${property.name}`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={rename}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            rename();
          }}
        />
        <span className="shrink-0 text-xs text-zinc-600 capitalize dark:text-zinc-400">
          {property.type.replace("_", "-")}
        </span>
        {confirming ? (
          <>
            <Button
              size="sm"
              variant="danger"
              onClick={() => remove.mutate({ params }, { onError })}
              disabled={remove.isPending}
            >
              Delete{property.value_count ? ` and clear ${plural(property.value_count, "value")}` : ""}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Delete property ${property.name}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        )}
      </div>
      {withOptions && (
        <div className="flex flex-wrap items-center gap-1.5">
          {property.options.map((o) => (
            <span
              key={o.id}
              className="inline-flex h-7 items-center gap-1 rounded-full border border-zinc-200 pr-1 pl-2.5 text-xs dark:border-zinc-700"
            >
              <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: o.color }} />
              {o.label}
              <button
                type="button"
                aria-label={`Delete option ${o.label}`}
                onClick={() => removeOption.mutate({ params: { ...params, optionId: o.id } }, { onError })}
                className="rounded-full p-0.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </span>
          ))}
          <form onSubmit={submitOption} className="flex items-center gap-1">
            <Input
              aria-label={`New option of ${property.name}`}
              placeholder="Add option"
              value={option}
              onChange={(e) => setOption(e.target.value)}
              className="h-7 w-32"
            />
          </form>
        </div>
      )}
      <FormError message={problem} />
    </li>
  );
}
