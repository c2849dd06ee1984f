import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { PROPERTY_TYPES, type PropertyType } from "../../../contract/files.ts";
import {
  PROPERTY_LIMITS,
  type Property,
  SELECTION_MODES_OF,
  type SelectionMode,
} from "../../../contract/properties.ts";
import { errorMessage } from "../../api/error-message.ts";
import { propertiesQuery, useCreateProperty, useUpdateProperty } from "../../api/properties.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { Input } from "../ui/input.tsx";
import { OptionsEditor, useBrandspaceOptions } from "./options-editor.tsx";
import { hasOptions, TYPE_HINTS, TYPE_LABELS } from "./property-kinds.ts";

const FIELD_LABEL = "mb-1 block font-medium text-sm";
const SELECT =
  "h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/**
 * "New property" and "Edit property": name, type (chosen once), selection mode (tag only) and, for status and
 * tag types, the options. A property just created stays open to receive its options.
 */
export function PropertyDialog({
  propertyId,
  open,
  onOpenChange,
}: {
  /** The property to edit; null to create one. */
  propertyId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [createdId, setCreatedId] = useState<string | null>(null);
  const { data: properties } = useQuery(propertiesQuery());
  const id = propertyId ?? createdId;
  const property = id ? properties?.find((p) => p.id === id) : undefined;
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreatedId(null);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={property ? `Edit ${property.name}` : "New property"}
      description={property ? `${TYPE_LABELS[property.type]} property` : undefined}
    >
      {property ? (
        <div className="space-y-5">
          <EditForm key={property.id} property={property} />
          {hasOptions(property.type) && <BrandspaceOptions property={property} />}
          <div className="flex justify-end">
            <Button variant="secondary" onClick={() => close(false)}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <CreateForm
          onCancel={() => close(false)}
          onCreated={(created) => (hasOptions(created.type) ? setCreatedId(created.id) : close(false))}
        />
      )}
    </Dialog>
  );
}

function SelectionModeField({
  value,
  onChange,
}: {
  value: SelectionMode;
  onChange: (mode: SelectionMode) => void;
}) {
  const choices: [SelectionMode, string][] = [
    ["multiple", "Any number of options"],
    ["single", "One option"],
  ];
  return (
    <fieldset>
      <legend className={FIELD_LABEL}>Selection</legend>
      <div className="flex gap-4">
        {choices.map(([mode, label]) => (
          <label key={mode} className="flex items-center gap-1.5 text-sm">
            <input
              type="radio"
              name="selection-mode"
              checked={value === mode}
              onChange={() => onChange(mode)}
              className="accent-accent-600"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function NameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  return (
    <div>
      <label htmlFor="property-name" className={FIELD_LABEL}>
        Name
      </label>
      <Input
        id="property-name"
        autoFocus
        required
        maxLength={PROPERTY_LIMITS.nameLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function CreateForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (p: Property) => void }) {
  const create = useCreateProperty();
  const [name, setName] = useState("");
  const [type, setType] = useState<PropertyType>("status");
  const [mode, setMode] = useState<SelectionMode>("multiple");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError("A property needs a name.");
    try {
      const body = {
        name: name.trim(),
        type,
        ...(SELECTION_MODES_OF[type].length > 1 ? { selection_mode: mode } : {}),
      };
      const created = await create.mutateAsync({ body });
      toast.success(`Property “${created.name}” created`);
      onCreated(created);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <NameField
        value={name}
        onChange={(next) => {
          setName(next);
          setError(null);
        }}
      />
      <div>
        <label htmlFor="property-type" className={FIELD_LABEL}>
          Type
        </label>
        <select
          id="property-type"
          className={SELECT}
          value={type}
          aria-describedby="property-type-hint"
          onChange={(event) => setType(event.target.value as PropertyType)}
        >
          {PROPERTY_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
        <p id="property-type-hint" className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {TYPE_HINTS[type]} The type cannot change later.
        </p>
      </div>
      {type === "tag" && <SelectionModeField value={mode} onChange={setMode} />}
      <FormError message={error} />
      <DialogActions
        submit={create.isPending ? "Creating…" : "Create property"}
        disabled={create.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}

function EditForm({ property }: { property: Property }) {
  const update = useUpdateProperty();
  const [name, setName] = useState(property.name);
  const [mode, setMode] = useState(property.selection_mode);
  const [error, setError] = useState<string | null>(null);
  const changed = name.trim() !== property.name || mode !== property.selection_mode;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError("A property needs a name.");
    if (!changed) return;
    try {
      const body = {
        ...(name.trim() !== property.name ? { name: name.trim() } : {}),
        ...(mode !== property.selection_mode ? { selection_mode: mode } : {}),
      };
      await update.mutateAsync({ params: { propertyId: property.id }, body });
      toast.success("Property saved");
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <NameField
        value={name}
        onChange={(next) => {
          setName(next);
          setError(null);
        }}
      />
      {property.type === "tag" && (
        <SelectionModeField
          value={mode}
          onChange={(next) => {
            setMode(next);
            setError(null);
          }}
        />
      )}
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" size="sm" disabled={!changed || update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}

function BrandspaceOptions({ property }: { property: Property }) {
  return <OptionsEditor property={property} mutations={useBrandspaceOptions(property.id)} />;
}
