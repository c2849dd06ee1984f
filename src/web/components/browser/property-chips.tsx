import { useQuery } from "@tanstack/react-query";
import type { Member } from "../../../contract/meta.ts";
import type { Property } from "../../../contract/properties.ts";
import { useAccess } from "../../api/access.ts";
import { propertiesQuery } from "../../api/properties.ts";
import {
  conditionsOf,
  documentOf,
  type FilterDocument,
  withoutCondition,
} from "../../lib/filter-document.ts";
import { conditionLabel } from "../../lib/filter-labels.ts";
import { FilterChip } from "./filter-chip.tsx";

export interface PropertyChipsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filter: FilterDocument;
  onChange: (filter: FilterDocument | undefined) => void;
  members: Member[];
  boardProperties?: Property[];
}

/**
 * The filter document's conditions as chips in words ("Status is Approved"), each removable; loaded when a
 * filter is first in the URL. Conditions this dashboard does not write (a hand-made link) share one chip.
 */
export function PropertyChips({ filter, onChange, members, boardProperties = [] }: PropertyChipsProps) {
  const access = useAccess();
  const brandspace = useQuery({ ...propertiesQuery(), enabled: access.can("properties:read") });
  const { conditions, others } = conditionsOf(filter);
  const properties = new Map([...(brandspace.data ?? []), ...boardProperties].map((p) => [p.id, p]));
  const memberName = (id: string) => members.find((m) => m.id === id)?.name;
  return (
    <>
      {conditions.map((condition, index) => (
        <FilterChip
          key={JSON.stringify(condition)}
          label={
            brandspace.isPending && !properties.has(condition.property_id)
              ? "Property filter"
              : conditionLabel(condition, properties.get(condition.property_id), memberName)
          }
          onRemove={() => onChange(withoutCondition(filter, index))}
        />
      ))}
      {others.length > 0 && (
        <FilterChip
          label="Other conditions from the link"
          onRemove={() => onChange(documentOf(conditions))}
        />
      )}
    </>
  );
}
