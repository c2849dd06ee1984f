import { ArrowDown, ArrowUp, Eye, EyeOff, Palette, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { type Option, PROPERTY_LIMITS, type Property } from "../../../contract/properties.ts";
import { errorMessage } from "../../api/error-message.ts";
import { useCreateOption, useDeleteOption, useUpdateOption } from "../../api/properties.ts";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/dialog-form.tsx";
import { Input } from "../ui/input.tsx";
import { ColorDot } from "./color-dot.tsx";
import { colorName, OptionColor } from "./option-color.tsx";

type Run = (action: () => Promise<unknown>) => Promise<boolean>;

export interface OptionPatch {
  label?: string;
  color?: string;
  hidden?: boolean;
  position?: number;
}

/** Where a property's options are saved: the brandspace's properties or a board's (same rules, other paths). */
export interface OptionMutations {
  create: (label: string) => Promise<unknown>;
  update: (optionId: string, patch: OptionPatch) => Promise<unknown>;
  remove: (optionId: string) => Promise<unknown>;
  creating: boolean;
  removing: boolean;
}

/** The options of a brandspace property. */
export function useBrandspaceOptions(propertyId: string): OptionMutations {
  const create = useCreateOption();
  const update = useUpdateOption();
  const remove = useDeleteOption();
  return {
    create: (label) => create.mutateAsync({ params: { propertyId }, body: { label } }),
    update: (optionId, body) => update.mutateAsync({ params: { propertyId, optionId }, body }),
    remove: (optionId) => remove.mutateAsync({ params: { propertyId, optionId } }),
    creating: create.isPending,
    removing: remove.isPending,
  };
}

/** The options of a status or tag property: add, relabel, recolour, hide, reorder and delete, each saved at once. */
export function OptionsEditor({ property, mutations }: { property: Property; mutations: OptionMutations }) {
  const [error, setError] = useState<string | null>(null);
  const run: Run = async (action) => {
    try {
      await action();
      setError(null);
      return true;
    } catch (failure) {
      setError(errorMessage(failure));
      return false;
    }
  };
  const [label, setLabel] = useState("");
  const id = useId();
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return;
    const done = await run(() => mutations.create(label.trim()));
    if (done) setLabel("");
  };
  const options = property.options.toSorted((a, b) => a.position - b.position);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="font-medium text-sm">
        Options<span className="sr-only"> of {property.name}</span>
      </h3>
      {options.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No options yet.</p>
      ) : (
        <ul aria-label={`Options of ${property.name}`} className="space-y-1">
          {options.map((option, index) => (
            <OptionRow
              key={option.id}
              option={option}
              index={index}
              count={options.length}
              run={run}
              mutations={mutations}
            />
          ))}
        </ul>
      )}
      <FormError message={error} />
      {options.length < PROPERTY_LIMITS.optionsPerProperty && (
        <form onSubmit={add} className="flex gap-2">
          <Input
            aria-label={`New option for ${property.name}`}
            placeholder="New option"
            value={label}
            maxLength={PROPERTY_LIMITS.labelLength}
            onChange={(event) => setLabel(event.target.value)}
            className="h-8"
          />
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            className="shrink-0 whitespace-nowrap"
            disabled={mutations.creating || !label.trim()}
            aria-label={`Add option to ${property.name}`}
          >
            <Plus className="size-4" aria-hidden="true" /> Add option
          </Button>
        </form>
      )}
    </section>
  );
}

function OptionRow({
  option,
  index,
  count,
  run,
  mutations,
}: {
  option: Option;
  index: number;
  count: number;
  run: Run;
  mutations: OptionMutations;
}) {
  const [label, setLabel] = useState(option.label);
  const [coloring, setColoring] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const colorId = useId();
  const patch = (body: OptionPatch) => run(() => mutations.update(option.id, body));
  const relabel = async () => {
    const next = label.trim();
    if (!next || next === option.label) return setLabel(option.label);
    if (!(await patch({ label: next }))) setLabel(option.label);
  };
  const iconButton = "size-7 shrink-0";
  return (
    <li className="rounded-md border border-zinc-200 px-2 py-1.5 dark:border-zinc-800">
      <div className="flex items-center gap-1.5">
        <ColorDot color={option.color} className="size-3" />
        <Input
          aria-label={`Label of ${option.label}`}
          value={label}
          maxLength={100}
          onChange={(event) => setLabel(event.target.value)}
          onBlur={() => void relabel()}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void relabel();
            } else if (event.key === "Escape" && label !== option.label) {
              event.preventDefault();
              setLabel(option.label);
            }
          }}
          className={option.hidden ? "h-7 text-zinc-500 line-through" : "h-7"}
        />
        <Button
          variant="ghost"
          size="icon"
          className={iconButton}
          aria-label={`Colour of ${option.label}: ${colorName(option.color)}`}
          aria-expanded={coloring}
          aria-controls={colorId}
          onClick={() => setColoring((open) => !open)}
        >
          <Palette className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className={iconButton}
          aria-label={option.hidden ? `Show ${option.label}` : `Hide ${option.label}`}
          title={option.hidden ? "Hidden: offered for no new values" : "Hide"}
          onClick={() => void patch({ hidden: !option.hidden })}
        >
          {option.hidden ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className={iconButton}
          aria-label={`Move ${option.label} up`}
          disabled={index === 0}
          onClick={() => void patch({ position: index - 1 })}
        >
          <ArrowUp className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className={iconButton}
          aria-label={`Move ${option.label} down`}
          disabled={index === count - 1}
          onClick={() => void patch({ position: index + 1 })}
        >
          <ArrowDown className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className={`${iconButton} text-red-700 dark:text-red-400`}
          aria-label={`Delete ${option.label}`}
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {coloring && (
        <div id={colorId} className="mt-2 pl-5">
          <OptionColor
            label={`Colour of ${option.label}`}
            value={option.color}
            onChange={(color) => void patch({ color })}
          />
        </div>
      )}
      {confirming && (
        <div className="mt-2 flex items-center gap-2 pl-5">
          <p className="text-sm">Delete “{option.label}”? Files that use it lose it.</p>
          <Button
            size="sm"
            variant="danger"
            disabled={mutations.removing}
            onClick={() => void run(() => mutations.remove(option.id))}
          >
            Delete option
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      )}
    </li>
  );
}
