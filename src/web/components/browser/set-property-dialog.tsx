import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import type { FileBase, PropertyValue } from "../../../contract/files.ts";
import { getFile, listFiles } from "../../../contract/operations/files.ts";
import type { Property } from "../../../contract/properties.ts";
import { errorMessage } from "../../api/error-message.ts";
import { useInvalidate } from "../../api/files.ts";
import { propertiesQuery, setPropertyOnFiles, type ValueInput } from "../../api/properties.ts";
import { plural } from "../../lib/format.ts";
import { CONTROLS } from "../file/property-controls.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { Field } from "../ui/field.tsx";
import { toastBulk } from "./feedback.ts";

interface Props {
  files: FileBase[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A draft value in the shape the controls show (a PropertyValue), or undefined when none is chosen. */
export function shownValue(property: Property, value: ValueInput): PropertyValue | undefined {
  if (value === null) return undefined;
  const empty: PropertyValue = {
    object: "property_value",
    property_id: property.id,
    type: property.type,
    status: null,
    person: null,
    date: null,
    checkbox: null,
    text: null,
    multi_tag: null,
    tag: null,
  };
  return { ...empty, [property.type]: value };
}

/** A checkbox always has a value to set (unchecked is one); the other types start with none. */
const initialValue = (property: Property | undefined): ValueInput =>
  property?.type === "checkbox" ? false : null;

/**
 * Sets one brandspace property to one value (or clears it) on every selected file, a few at a time, with the
 * progress shown and one toast saying how many worked and why others did not.
 */
export function SetPropertyDialog({ files, open, onOpenChange }: Props) {
  const id = useId();
  const invalidate = useInvalidate();
  const properties = useQuery(propertiesQuery());
  const offered = properties.data?.filter((p) => !p.hidden) ?? [];
  const [propertyId, setPropertyId] = useState("");
  const property = offered.find((p) => p.id === propertyId) ?? offered[0];
  const [value, setValue] = useState<ValueInput>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const Control = property ? CONTROLS[property.type] : null;
  const draft = value ?? initialValue(property);

  const run = async (next: ValueInput) => {
    if (!property) return;
    setProgress(0);
    const result = await setPropertyOnFiles(
      files.map((f) => f.id),
      property.id,
      next,
      () => setProgress((n) => (n ?? 0) + 1),
    );
    await invalidate([listFiles, getFile]);
    setProgress(null);
    const verb = next === null ? `Cleared ${property.name}` : `Set ${property.name}`;
    toastBulk(result, {
      done: (n) => `${verb} on ${plural(n, "file")}`,
      failed: `Could not ${verb.toLowerCase()}`,
    });
    if (result.done.length) onOpenChange(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Not a disabled button: a date or text control saves its draft on blur, which the click on Set causes.
    if (draft === null) return setProblem("Choose a value, or Clear to remove it.");
    setProblem(null);
    void run(draft);
  };
  const busy = progress !== null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={`Set a property on ${plural(files.length, "file")}`}
      description="The value replaces each file's current one; Clear removes it."
    >
      <form onSubmit={submit} className="space-y-3">
        {properties.isPending ? (
          <p className="text-sm">Loading properties…</p>
        ) : properties.isError ? (
          <FormError message={errorMessage(properties.error)} />
        ) : !property || !Control ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            No properties to set. Define them on the Properties screen.
          </p>
        ) : (
          <>
            <Field id={`${id}-property`} label="Property">
              <select
                id={`${id}-property`}
                className="h-8 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
                value={property.id}
                disabled={busy}
                onChange={(e) => {
                  setPropertyId(e.target.value);
                  setValue(null);
                }}
              >
                {offered.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </Field>
            <div>
              <span id={`${id}-value`} className="mb-1 block font-medium text-sm">
                Value
              </span>
              <Control
                key={property.id}
                property={property}
                value={shownValue(property, draft)}
                labelId={`${id}-value`}
                disabled={busy}
                save={(next) => {
                  setProblem(null);
                  setValue(next);
                }}
              />
            </div>
          </>
        )}
        <FormError message={problem} />
        {busy && (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            <progress className="mr-2 align-middle" max={files.length} value={progress} aria-hidden="true" />
            {`Setting on ${progress} of ${plural(files.length, "file")}…`}
          </p>
        )}
        <div className="flex items-end justify-between gap-2">
          <Button variant="secondary" disabled={busy || !property} onClick={() => void run(null)}>
            Clear
          </Button>
          <DialogActions submit="Set" disabled={busy} onCancel={() => onOpenChange(false)} />
        </div>
      </form>
    </Dialog>
  );
}
