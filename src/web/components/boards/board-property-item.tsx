import { Trash2 } from "lucide-react";
import { useState } from "react";
import { OPTION_TYPES, type Property } from "../../../contract/properties.ts";
import {
  useCreateBoardOption,
  useDeleteBoardOption,
  useDeleteBoardProperty,
  useUpdateBoardOption,
  useUpdateBoardProperty,
} from "../../api/boards.ts";
import { errorMessage } from "../../api/error-message.ts";
import { plural } from "../../lib/format.ts";
import { type OptionMutations, OptionsEditor } from "../properties/options-editor.tsx";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/dialog-form.tsx";
import { Input } from "../ui/input.tsx";

/** One board property in the properties dialog: its name (renamed on blur or Enter), options, and delete. */
export function BoardPropertyItem({ boardId, property }: { boardId: string; property: Property }) {
  const [name, setName] = useState(property.name);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateBoardProperty();
  const remove = useDeleteBoardProperty();
  const params = { boardId, propertyId: property.id };
  const onError = (error: unknown) => setProblem(errorMessage(error));
  const rename = () => {
    const next = name.trim();
    if (!next || next === property.name) return setName(property.name);
    update.mutate({ params, body: { name: next } }, { onSuccess: () => setProblem(null), onError });
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
      {withOptions && <BoardOptions boardId={boardId} property={property} />}
      <FormError message={problem} />
    </li>
  );
}

/** The board property's options, with the Properties screen's editor (relabel, recolour, hide, reorder, delete). */
function BoardOptions({ boardId, property }: { boardId: string; property: Property }) {
  const create = useCreateBoardOption();
  const update = useUpdateBoardOption();
  const remove = useDeleteBoardOption();
  const params = { boardId, propertyId: property.id };
  const mutations: OptionMutations = {
    create: (label) => create.mutateAsync({ params, body: { label } }),
    update: (optionId, body) => update.mutateAsync({ params: { ...params, optionId }, body }),
    remove: (optionId) => remove.mutateAsync({ params: { ...params, optionId } }),
    creating: create.isPending,
    removing: remove.isPending,
  };
  return <OptionsEditor property={property} mutations={mutations} />;
}
