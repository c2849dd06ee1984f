import type { Dispatch, FormEvent, SetStateAction } from "react";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { FIELD_LABEL } from "./filter-popover.tsx";

export interface RangeField {
  id: string;
  label: string;
  type?: "date";
}

export interface RangeFilterFormProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fields: [RangeField, RangeField];
  values: [string, string];
  setValues: Dispatch<SetStateAction<[string, string]>>;
  error: string | null;
  applyLabel: string;
  onSubmit: (event: FormEvent) => void;
}

/** The size and date filters' form, loaded when one of them first opens (the browse route's first paint is tight). */
export function RangeFilterForm({
  fields,
  values,
  setValues,
  error,
  applyLabel,
  onSubmit,
}: RangeFilterFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="grid grid-cols-2 gap-2">
        {fields.map((field, index) => (
          <div key={field.id}>
            <label htmlFor={field.id} className={FIELD_LABEL}>
              {field.label}
            </label>
            <Input
              id={field.id}
              type={field.type ?? "text"}
              inputMode={field.type ? undefined : "decimal"}
              value={values[index]}
              onChange={(e) =>
                setValues((old) => (index === 0 ? [e.target.value, old[1]] : [old[0], e.target.value]))
              }
              className={field.type ? "h-8 px-2" : "h-8"}
            />
          </div>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-red-700 text-xs dark:text-red-400">
          {error}
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <Button type="submit" size="sm">
          {applyLabel}
        </Button>
      </div>
    </form>
  );
}
