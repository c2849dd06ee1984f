import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import type { Property } from "../../../contract/properties.ts";
import { useAccess } from "../../api/access.ts";
import { errorMessage } from "../../api/error-message.ts";
import { membersQuery } from "../../api/meta.ts";
import { propertiesQuery } from "../../api/properties.ts";
import { type FilterDocument, type PropertyCondition, withCondition } from "../../lib/filter-document.ts";
import { dayToTimestamp, OPERATORS, type OperatorChoice } from "../../lib/filter-labels.ts";
import { ColorDot } from "../properties/color-dot.tsx";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { CHECK_ROW, FIELD_LABEL } from "./filter-popover.tsx";

const SELECT =
  "h-8 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

export interface PropertyFilterPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filter: FilterDocument | undefined;
  onChange: (filter: FilterDocument | undefined) => void;
  /** A board page's own properties, offered after the brandspace's. */
  boardProperties?: Property[];
}

/** The condition the form describes, or null while its value is missing. */
function conditionOf(
  property: Property,
  operator: OperatorChoice,
  values: string[],
): PropertyCondition | null {
  const base = { property_id: property.id, op: operator.op };
  if (operator.input === "none")
    return operator.fixed === undefined ? base : { ...base, value: operator.fixed };
  const [first] = values;
  if (operator.input === "options") return values.length ? { ...base, value: values } : null;
  if (!first?.trim()) return null;
  return { ...base, value: operator.input === "date" ? dayToTimestamp(first) : first.trim() };
}

/**
 * The Property filter's panel (loaded on the popover's first open): a property, an operator fitting its type and
 * a value; the condition is added to the URL's filter document, ANDed with those there.
 */
export function PropertyFilterPanel({
  filter,
  onChange,
  onOpenChange,
  boardProperties = [],
}: PropertyFilterPanelProps) {
  const id = useId();
  const access = useAccess();
  const brandspace = useQuery(propertiesQuery());
  const members = useQuery({ ...membersQuery(), enabled: access.can("brandspace:read") });
  const properties = [...(brandspace.data ?? []), ...boardProperties];
  const [propertyId, setPropertyId] = useState("");
  const [operatorId, setOperatorId] = useState("");
  const [values, setValues] = useState<string[]>([]);
  const property = properties.find((p) => p.id === propertyId) ?? properties[0];
  const operators = property ? OPERATORS[property.type] : [];
  const operator = operators.find((o) => o.id === operatorId) ?? operators[0];
  const condition = property && operator ? conditionOf(property, operator, values) : null;

  if (brandspace.isPending && boardProperties.length === 0)
    return <p className="text-xs">Loading properties…</p>;
  if (brandspace.isError)
    return <p className="text-red-700 text-xs dark:text-red-400">{errorMessage(brandspace.error)}</p>;
  if (!property || !operator)
    return <p className="text-xs text-zinc-600 dark:text-zinc-400">No properties to filter on yet.</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!condition) return;
    onChange(withCondition(filter, condition));
    onOpenChange(false);
  };
  const pick = (next: Partial<{ property: string; operator: string }>) => {
    if (next.property !== undefined) setPropertyId(next.property);
    setOperatorId(next.operator ?? "");
    setValues([]);
  };
  const optionList = (multiple: boolean) => (
    <fieldset className="max-h-48 overflow-y-auto">
      <legend className={FIELD_LABEL}>{multiple ? "Options" : "Option"}</legend>
      {property.options
        .filter((o) => !o.hidden)
        .map((option) => (
          <label key={option.id} className={CHECK_ROW}>
            <input
              type={multiple ? "checkbox" : "radio"}
              name={`${id}-option`}
              className="size-4 accent-accent-600"
              checked={values.includes(option.id)}
              onChange={() =>
                setValues(
                  !multiple
                    ? [option.id]
                    : values.includes(option.id)
                      ? values.filter((v) => v !== option.id)
                      : [...values, option.id],
                )
              }
            />
            <ColorDot color={option.color} />
            {option.label}
          </label>
        ))}
    </fieldset>
  );
  const field = (label: string, control: (fieldId: string) => ReactNode) => (
    <div>
      <label htmlFor={`${id}-value`} className={FIELD_LABEL}>
        {label}
      </label>
      {control(`${id}-value`)}
    </div>
  );

  return (
    <form onSubmit={submit} className="space-y-3">
      <div>
        <label htmlFor={`${id}-property`} className={FIELD_LABEL}>
          Property
        </label>
        <select
          id={`${id}-property`}
          className={SELECT}
          value={property.id}
          onChange={(e) => pick({ property: e.target.value })}
        >
          {properties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.scope === "board" ? `${p.name} (board)` : p.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-operator`} className={FIELD_LABEL}>
          Condition
        </label>
        <select
          id={`${id}-operator`}
          className={SELECT}
          value={operator.id}
          onChange={(e) => pick({ operator: e.target.value })}
        >
          {operators.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {operator.input === "option" && optionList(false)}
      {operator.input === "options" && optionList(true)}
      {operator.input === "member" &&
        field("Member", (fieldId) => (
          <select
            id={fieldId}
            className={SELECT}
            value={values[0] ?? ""}
            onChange={(e) => setValues([e.target.value])}
          >
            <option value="">Choose a member…</option>
            {(members.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        ))}
      {operator.input === "date" &&
        field("Date", (fieldId) => (
          <Input
            id={fieldId}
            type="date"
            className="h-8 px-2"
            value={values[0] ?? ""}
            onChange={(e) => setValues([e.target.value])}
          />
        ))}
      {operator.input === "text" &&
        field("Text", (fieldId) => (
          <Input
            id={fieldId}
            className="h-8"
            maxLength={1000}
            value={values[0] ?? ""}
            onChange={(e) => setValues([e.target.value])}
          />
        ))}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={!condition}>
          Add filter
        </Button>
      </div>
    </form>
  );
}
