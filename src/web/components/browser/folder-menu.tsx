import {
  Check,
  ChevronRight,
  Download,
  FolderInput,
  FolderPlus,
  MoreHorizontal,
  Palette,
  Pencil,
  RotateCcw,
  Trash2,
  XCircle,
} from "lucide-react";
import type { ReactElement } from "react";
import type { Folder } from "../../../contract/folders.ts";
import { useAccess } from "../../api/access.ts";
import { LazyContextMenu, LazyMenu, type MenuKit } from "../ui/lazy-menu.tsx";
import { FOLDER_COLORS } from "./color-palette.tsx";
import { downloadAsZip } from "./download-zip.ts";
import { useFolderActions } from "./folder-actions.tsx";

const ICON = "size-4 shrink-0";

/** A folder's actions as items of a Radix menu, made with its `kit`. */
export function FolderMenuItems({ kit: M, folder }: { kit: MenuKit; folder: Folder }) {
  const actions = useFolderActions();
  const access = useAccess();
  const denial = access.denial("libraries:write");
  const downloadDenial = access.denial("files:read", "files.download");
  const disabled = denial !== null;
  return (
    <>
      {!folder.trashed_at && (
        <>
          <M.Item
            disabled={downloadDenial !== null}
            title={downloadDenial ?? undefined}
            onSelect={() => void downloadAsZip({ folder_ids: [folder.id] }, folder.name)}
          >
            <Download className={ICON} aria-hidden="true" /> Download as zip
          </M.Item>
          <M.Separator />
        </>
      )}
      {denial && <M.Label variant="note">{denial}</M.Label>}
      {folder.trashed_at ? (
        <>
          <M.Item disabled={disabled} onSelect={() => void actions.restore(folder)}>
            <RotateCcw className={ICON} aria-hidden="true" /> Restore
          </M.Item>
          <M.Item variant="danger" disabled={disabled} onSelect={() => actions.deleteForever(folder)}>
            <XCircle className={ICON} aria-hidden="true" /> Delete permanently…
          </M.Item>
        </>
      ) : (
        <>
          <M.Item disabled={disabled} onSelect={() => actions.create(folder.library_id, folder.id)}>
            <FolderPlus className={ICON} aria-hidden="true" /> New subfolder…
          </M.Item>
          <M.Item disabled={disabled} onSelect={() => actions.edit(folder)}>
            <Pencil className={ICON} aria-hidden="true" /> Rename…
          </M.Item>
          <M.Sub>
            <M.SubTrigger disabled={disabled}>
              <Palette className={ICON} aria-hidden="true" /> Colour
              <ChevronRight className="ml-auto size-3.5" aria-hidden="true" />
            </M.SubTrigger>
            <M.Portal>
              <M.SubContent sideOffset={4}>
                <M.RadioGroup
                  value={folder.color?.toLowerCase() ?? "none"}
                  onValueChange={(value) => void actions.recolor(folder, value === "none" ? null : value)}
                >
                  {[{ name: "No colour", hex: "none" }, ...FOLDER_COLORS].map((color) => (
                    <M.RadioItem key={color.hex} value={color.hex}>
                      <span
                        aria-hidden="true"
                        className="size-3.5 rounded-full border border-black/10 dark:border-white/20"
                        style={{ backgroundColor: color.hex === "none" ? "transparent" : color.hex }}
                      />
                      {color.name}
                      <M.ItemIndicator className="ml-auto">
                        <Check className="size-3.5" aria-hidden="true" />
                      </M.ItemIndicator>
                    </M.RadioItem>
                  ))}
                </M.RadioGroup>
              </M.SubContent>
            </M.Portal>
          </M.Sub>
          <M.Item disabled={disabled} onSelect={() => actions.move(folder)}>
            <FolderInput className={ICON} aria-hidden="true" /> Move to…
          </M.Item>
          <M.Separator />
          <M.Item disabled={disabled} onSelect={() => void actions.trash(folder)}>
            <Trash2 className={ICON} aria-hidden="true" /> Move to trash
          </M.Item>
          <M.Item variant="danger" disabled={disabled} onSelect={() => actions.deleteForever(folder)}>
            <XCircle className={ICON} aria-hidden="true" /> Delete permanently…
          </M.Item>
        </>
      )}
    </>
  );
}

/** The context menu of a folder's tile or tree row (`children`, the element right-clicked). */
export function FolderContextMenu({ folder, children }: { folder: Folder; children: ReactElement }) {
  return (
    <LazyContextMenu
      label={`Actions for folder ${folder.name}`}
      modal={false}
      items={(M) => <FolderMenuItems kit={M} folder={folder} />}
    >
      {children}
    </LazyContextMenu>
  );
}

/** The "…" button of a folder's tile or tree row, opening the same actions as its context menu. */
export function FolderActionsButton(props: {
  folder: Folder;
  className: string;
  iconClassName: string;
  align: "start" | "end";
}) {
  return (
    <LazyMenu
      modal={false}
      align={props.align}
      sideOffset={4}
      trigger={
        <button
          type="button"
          aria-label={`Actions for folder ${props.folder.name}`}
          className={props.className}
        >
          <MoreHorizontal className={props.iconClassName} aria-hidden="true" />
        </button>
      }
    >
      {(M) => <FolderMenuItems kit={M} folder={props.folder} />}
    </LazyMenu>
  );
}
