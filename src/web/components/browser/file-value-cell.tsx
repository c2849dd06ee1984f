import { useSetFileValue } from "../../api/properties.ts";
import { PropertyValueCell, type ValueCellProps, valueSaver } from "../properties/value-cell.tsx";

/** One brandspace property value of one file in a browse view's list, editable where the user may edit files. */
export function FileValueCell({ fileId, ...cell }: ValueCellProps & { fileId: string }) {
  const saver = valueSaver(useSetFileValue(), { fileId, propertyId: cell.property.id }, cell.property);
  return <PropertyValueCell {...cell} saver={saver} />;
}
