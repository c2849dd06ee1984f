import type { PropertyValue } from "../../../contract/files.ts";
import type { Member } from "../../../contract/meta.ts";
import type { Property } from "../../../contract/properties.ts";
import type { Denial } from "../../api/access.ts";
import { useSetFileValue } from "../../api/properties.ts";
import { PropertyValueCell, valueSaver } from "../properties/value-cell.tsx";

/** One brandspace property value of one file in a browse view's list, editable where the user may edit files. */
export function FileValueCell({
  fileId,
  ...cell
}: {
  fileId: string;
  fileName: string;
  property: Property;
  value: PropertyValue | undefined;
  members: Member[];
  denial: Denial;
}) {
  const saver = valueSaver(useSetFileValue(), { fileId, propertyId: cell.property.id }, cell.property);
  return <PropertyValueCell {...cell} saver={saver} />;
}
