import { useSetBoardValue } from "../../api/boards.ts";
import { PropertyValueCell, type ValueCellProps, valueSaver } from "../properties/value-cell.tsx";

/** One board property value of one file in the board's list view, editable where the user may edit the board. */
export function BoardValueCell({
  boardId,
  fileId,
  ...cell
}: ValueCellProps & { boardId: string; fileId: string }) {
  const saver = valueSaver(
    useSetBoardValue(),
    { boardId, fileId, propertyId: cell.property.id },
    cell.property,
  );
  return <PropertyValueCell {...cell} saver={saver} />;
}
