import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { Property } from "../../../contract/properties.ts";
import { errorMessage } from "../../api/error-message.ts";
import { useMoveProperty } from "../../api/properties.ts";
import { cn } from "../../lib/cn.ts";
import { toast } from "../../lib/toast.ts";
import { PropertyRow, type RowAction } from "./property-row.tsx";

export interface PropertyListProps {
  properties: Property[];
  /** Why the user may not change properties, or null. */
  denial: string | null;
  onAction: (action: RowAction, property: Property) => void;
}

/**
 * The brandspace's properties in position order. Reordered by dragging a row, by its Move up and Move down
 * buttons, or with Alt+↑ and Alt+↓ anywhere in a row; each move is announced and PATCHes the position.
 */
export function PropertyList({ properties, denial, onAction }: PropertyListProps) {
  const move = useMoveProperty();
  const [announcement, setAnnouncement] = useState("");
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: "up" | "down" } | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  // What is dragged, for the drag's own events: the state above only styles the row. A dragover that comes before
  // the state's render (a busy moment, such as a live update re-rendering the list) must still accept the drop.
  const draggedId = useRef<string | null>(null);
  const [over, setOver] = useState<number | null>(null);

  // Moving a row in the DOM takes focus from its button: it goes back to the same button, or its twin at an end.
  useEffect(() => {
    if (!focusAfterMove) return;
    const row = document.querySelector(`[data-property-id="${focusAfterMove.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `[data-move="${focusAfterMove.direction === "up" ? "down" : "up"}"]`,
    );
    (same && !same.disabled ? same : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const moveTo = async (property: Property, to: number) => {
    const from = properties.findIndex((p) => p.id === property.id);
    if (denial || from < 0 || to < 0 || to >= properties.length || to === from) return;
    setAnnouncement(`${property.name} moved to position ${to + 1} of ${properties.length}.`);
    setFocusAfterMove({ id: property.id, direction: to < from ? "up" : "down" });
    try {
      await move(property, to);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const keyDown = (property: Property, index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    void moveTo(property, event.key === "ArrowUp" ? index - 1 : index + 1);
  };
  const dragProps = (property: Property, index: number) =>
    denial
      ? {}
      : {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", property.id);
            draggedId.current = property.id;
            setDragged(property.id);
          },
          onDragOver: (event: DragEvent) => {
            if (!draggedId.current) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = "move";
            setOver(index);
          },
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            const source = properties.find((p) => p.id === draggedId.current);
            if (source) void moveTo(source, index);
            draggedId.current = null;
            setDragged(null);
            setOver(null);
          },
          onDragEnd: () => {
            draggedId.current = null;
            setDragged(null);
            setOver(null);
          },
        };

  return (
    <>
      <ol
        aria-label="Properties"
        className="mx-6 divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      >
        {properties.map((property, index) => (
          <li
            key={property.id}
            data-property-id={property.id}
            onKeyDown={keyDown(property, index)}
            className={cn(
              "relative",
              dragged === property.id && "opacity-50",
              over === index && dragged !== property.id && "bg-accent-50 dark:bg-accent-700/20",
            )}
            {...dragProps(property, index)}
          >
            <PropertyRow
              property={property}
              index={index}
              count={properties.length}
              denial={denial}
              onAction={(action) =>
                action === "up" || action === "down"
                  ? void moveTo(property, action === "up" ? index - 1 : index + 1)
                  : onAction(action, property)
              }
            />
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
