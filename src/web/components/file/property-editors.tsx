import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import type { File } from "../../../contract/files.ts";
import type { Property } from "../../../contract/properties.ts";
import { useAccess } from "../../api/access.ts";
import { errorMessage } from "../../api/error-message.ts";
import { propertiesQuery, useSetPropertyValue, type ValueInput } from "../../api/properties.ts";
import { toast } from "../../lib/toast.ts";
import { Skeleton } from "../ui/skeleton.tsx";
import { PanelSection } from "./panel-section.tsx";
import { CONTROLS } from "./property-controls.tsx";

/**
 * The brandspace's properties on the file page, each with the file's value in a control of its type, saved as it
 * changes. Hidden properties take no new values and are left out.
 */
export function PropertyEditors({ file }: { file: File }) {
  const access = useAccess();
  const readDenial = access.denial("properties:read");
  const properties = useQuery({ ...propertiesQuery(), enabled: !readDenial });
  const denial =
    access.denial("files:write", "files.edit") ??
    (file.trashed_at ? "Restore the file to change its properties." : null);
  if (readDenial) return null;
  const shown = properties.data?.filter((p) => !p.hidden) ?? [];
  return (
    <PanelSection title="Properties">
      {properties.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      ) : properties.isError ? (
        <p className="text-red-700 text-sm dark:text-red-400">{errorMessage(properties.error)}</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No properties yet.{" "}
          <Link to="/properties" className="text-accent-700 underline dark:text-accent-100">
            Define them
          </Link>{" "}
          to describe every file the same way.
        </p>
      ) : (
        <div className="space-y-3">
          {shown.map((property) => (
            <PropertyField key={property.id} file={file} property={property} disabled={denial !== null} />
          ))}
          {denial && <p className="text-xs text-zinc-600 dark:text-zinc-400">{denial}</p>}
        </div>
      )}
    </PanelSection>
  );
}

function PropertyField({ file, property, disabled }: { file: File; property: Property; disabled: boolean }) {
  const labelId = useId();
  const [error, setError] = useState<string | null>(null);
  const { set } = useSetPropertyValue(file.id);
  const value = file.properties.find((v) => v.property_id === property.id);
  const Control = CONTROLS[property.type];
  const save = async (next: ValueInput) => {
    try {
      await set(property.id, next);
      setError(null);
      toast.success(next === null ? `${property.name} cleared` : `${property.name} saved`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <div className={property.type === "checkbox" ? "flex items-center justify-between gap-3" : undefined}>
      <span id={labelId} className="mb-1 block font-medium text-sm">
        {property.name}
      </span>
      <Control
        property={property}
        value={value}
        labelId={labelId}
        disabled={disabled}
        save={(next) => void save(next)}
      />
      {error && (
        <p role="alert" className="mt-1 text-red-700 text-sm dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
