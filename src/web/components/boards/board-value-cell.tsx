import type { PropertyValue } from "../../../contract/files.ts";
import type { Member } from "../../../contract/meta.ts";
import type { Property } from "../../../contract/properties.ts";
import type { Denial } from "../../api/access.ts";
import { useSetBoardValue } from "../../api/boards.ts";
import { PropertyValueCell, valueSaver } from "../properties/value-cell.tsx";

/** One board property value of one file in the board's list view, editable where the user may edit the board. */
export function BoardValueCell({
  boardId,
  fileId,
  ...cell
}: {
  boardId: string;
  fileId: string;
  fileName: string;
  property: Property;
  value: PropertyValue | undefined;
  members: Member[];
  denial: Denial;
}) {
  const saver = valueSaver(
    useSetBoardValue(),
    { boardId, fileId, propertyId: cell.property.id },
    cell.property,
  );
  return <PropertyValueCell {...cell} saver={saver} />;
}
