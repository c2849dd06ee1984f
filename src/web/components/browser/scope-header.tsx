import { useNavigate } from "@tanstack/react-router";
import {
  Download,
  FolderPlus,
  FolderUp,
  Globe,
  Library as LibraryIcon,
  MoreHorizontal,
  Pencil,
  Tag,
  Trash2,
  Users,
} from "lucide-react";
import { useState } from "react";
import type { FolderDetail } from "../../../contract/folders.ts";
import type { LibraryDetail } from "../../../contract/libraries.ts";
import { SHARING_LIMITS } from "../../../contract/sharing.ts";
import { useAccess } from "../../api/access.ts";
import { formatBytes, plural, relativeTime } from "../../lib/format.ts";
import { AccessDialog } from "../access/lazy-dialogs.ts";
import { ShareButton } from "../sharing/share-button.tsx";
import { Button } from "../ui/button.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { LazyMenu } from "../ui/lazy-menu.tsx";
import { UploadButton, useFolderPicker } from "../upload/index.ts";
import { type BrowseCrumb, BrowserHeader } from "./browser-header.tsx";
import { downloadAsZip } from "./download-zip.ts";
import { useFolderActions } from "./folder-actions.tsx";
import { FolderMenuItems } from "./folder-menu.tsx";
import { FolderGlyph } from "./folder-strip.tsx";
import { DeleteLibraryDialog, EditLibraryDialog, ImportUrlDialog } from "./lazy-dialogs.ts";

export type BrowseScope =
  | { kind: "library"; library: LibraryDetail }
  | { kind: "folder"; folder: FolderDetail; libraryName: string }
  | { kind: "all" };

const ROOT: BrowseCrumb = { label: "Libraries", to: { to: "/" } };

function menuButton(label: string) {
  return (
    <Button variant="secondary" size="icon" className="size-9" aria-label={label}>
      <MoreHorizontal className="size-4" aria-hidden="true" />
    </Button>
  );
}

function NewFolderButton({ libraryId, parentId }: { libraryId: string; parentId: string | null }) {
  const actions = useFolderActions();
  const denial = useAccess().denial("libraries:write");
  return (
    <GuardedButton variant="secondary" denial={denial} onClick={() => actions.create(libraryId, parentId)}>
      <FolderPlus className="size-4" aria-hidden="true" /> New folder
    </GuardedButton>
  );
}

function LibraryHeader({ library }: { library: LibraryDetail }) {
  const [dialog, setDialog] = useState<"edit" | "delete" | "import" | "access" | null>(null);
  const access = useAccess();
  const denial = access.denial("libraries:write");
  const importDenial = access.denial("files:write", "files.upload");
  const zipDenial =
    access.denial("files:read", "files.download") ??
    (library.file_count > SHARING_LIMITS.zipFilesMax
      ? `A zip holds at most ${SHARING_LIMITS.zipFilesMax.toLocaleString("en")} files: download folders one by one.`
      : null);
  const later = (next: "edit" | "delete" | "import" | "access") => setTimeout(() => setDialog(next), 0);
  const navigate = useNavigate();
  const folderPicker = useFolderPicker({ libraryId: library.id, folderId: null });
  return (
    <BrowserHeader
      crumbs={[ROOT, { label: library.name }]}
      icon={
        <LibraryIcon className="size-6 shrink-0 text-accent-600 dark:text-accent-500" aria-hidden="true" />
      }
      title={library.name}
      meta={[
        library.description,
        // The whole library's, its folders' included: the list below shows its top level only.
        `${plural(library.file_count, "file")} and ${plural(library.folder_count, "folder")} in all · ${formatBytes(library.size)}`,
      ]
        .filter(Boolean)
        .join(" — ")}
      actions={
        <>
          <UploadButton libraryId={library.id} folderId={null} />
          {folderPicker.input}
          <NewFolderButton libraryId={library.id} parentId={null} />
          <ShareButton target={{ type: "library", id: library.id, name: library.name }} />
          <LazyMenu modal={false} align="end" sideOffset={6} trigger={menuButton("Library actions")}>
            {(M) => (
              <>
                <M.Item disabled={!!folderPicker.denial} onSelect={folderPicker.open}>
                  <FolderUp className="size-4" aria-hidden="true" /> Upload folder…
                </M.Item>
                <M.Item disabled={!!importDenial} onSelect={() => later("import")}>
                  <Globe className="size-4" aria-hidden="true" /> Import from URL…
                </M.Item>
                <M.Item
                  disabled={!!zipDenial}
                  title={zipDenial ?? undefined}
                  onSelect={() => void downloadAsZip({ library_ids: [library.id] }, library.name)}
                >
                  <Download className="size-4" aria-hidden="true" /> Download as zip
                </M.Item>
                <M.Item onSelect={() => navigate({ to: "/tags", search: { library: library.id } })}>
                  <Tag className="size-4" aria-hidden="true" /> Tags in this library
                </M.Item>
                <M.Separator />
                {denial && <M.Label variant="note">{denial}</M.Label>}
                <M.Item disabled={!!denial} onSelect={() => later("edit")}>
                  <Pencil className="size-4" aria-hidden="true" /> Edit details…
                </M.Item>
                <M.Item disabled={!!denial} onSelect={() => later("access")}>
                  <Users className="size-4" aria-hidden="true" /> Manage access…
                </M.Item>
                <M.Item variant="danger" disabled={!!denial} onSelect={() => later("delete")}>
                  <Trash2 className="size-4" aria-hidden="true" /> Delete library…
                </M.Item>
              </>
            )}
          </LazyMenu>
          {dialog === "import" && (
            <ImportUrlDialog
              open
              onOpenChange={() => setDialog(null)}
              libraryId={library.id}
              folderId={null}
              placeName={library.name}
            />
          )}
          {dialog === "edit" && (
            <EditLibraryDialog library={library} open onOpenChange={() => setDialog(null)} />
          )}
          {dialog === "access" && (
            <AccessDialog
              target={{ type: "library", id: library.id, name: library.name }}
              open
              onOpenChange={() => setDialog(null)}
            />
          )}
          {dialog === "delete" && (
            <DeleteLibraryDialog library={library} open onOpenChange={() => setDialog(null)} />
          )}
        </>
      }
    />
  );
}

function FolderHeader({ folder, libraryName }: { folder: FolderDetail; libraryName: string }) {
  const actions = useFolderActions();
  const [importing, setImporting] = useState(false);
  const denial = useAccess().denial("libraries:write");
  const folderPicker = useFolderPicker({ libraryId: folder.library_id, folderId: folder.id });
  const crumbs: BrowseCrumb[] = [
    ROOT,
    {
      label: libraryName,
      to: { to: "/libraries/$libraryId", params: { libraryId: folder.library_id } },
      drop: { type: "library", libraryId: folder.library_id, name: libraryName },
    },
    ...folder.path.map(
      (ancestor): BrowseCrumb => ({
        label: ancestor.name,
        to: { to: "/folders/$folderId", params: { folderId: ancestor.id } },
        drop: { type: "folder", folderId: ancestor.id, libraryId: folder.library_id, name: ancestor.name },
      }),
    ),
    { label: folder.name },
  ];
  return (
    <BrowserHeader
      crumbs={crumbs}
      icon={<FolderGlyph color={folder.color} className="size-6" />}
      title={folder.name}
      meta={
        folder.trashed_at
          ? `Trashed ${relativeTime(folder.trashed_at)}`
          : `${plural(folder.file_count, "file")} · ${plural(folder.folder_count, "folder")}`
      }
      actions={
        folder.trashed_at ? (
          <GuardedButton denial={denial} onClick={() => void actions.restore(folder)}>
            Restore folder
          </GuardedButton>
        ) : (
          <>
            <UploadButton libraryId={folder.library_id} folderId={folder.id} />
            {folderPicker.input}
            <NewFolderButton libraryId={folder.library_id} parentId={folder.id} />
            <ShareButton target={{ type: "folder", id: folder.id, name: folder.name }} />
            <LazyMenu modal={false} align="end" sideOffset={6} trigger={menuButton("Folder actions")}>
              {(M) => (
                <>
                  <M.Item disabled={!!folderPicker.denial} onSelect={folderPicker.open}>
                    <FolderUp className="size-4" aria-hidden="true" /> Upload folder…
                  </M.Item>
                  <M.Item onSelect={() => setTimeout(() => setImporting(true), 0)}>
                    <Globe className="size-4" aria-hidden="true" /> Import from URL…
                  </M.Item>
                  <M.Separator />
                  <FolderMenuItems kit={M} folder={folder} />
                </>
              )}
            </LazyMenu>
            {importing && (
              <ImportUrlDialog
                open
                onOpenChange={setImporting}
                libraryId={folder.library_id}
                folderId={folder.id}
                placeName={folder.name}
              />
            )}
          </>
        )
      }
    >
      {folder.trashed_at && (
        <p
          role="status"
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          This folder is in the trash. Restore it to see and change its contents; it is deleted permanently 30
          days after it was trashed.
        </p>
      )}
    </BrowserHeader>
  );
}

/** The header of a browse page for its scope: a library, a folder, or all files (with the search it shows). */
export function ScopeHeader({
  scope,
  query,
  onClearQuery,
}: {
  scope: BrowseScope;
  query?: string;
  onClearQuery: () => void;
}) {
  if (scope.kind === "library") return <LibraryHeader library={scope.library} />;
  if (scope.kind === "folder") return <FolderHeader folder={scope.folder} libraryName={scope.libraryName} />;
  return (
    <BrowserHeader
      title={query ? `Results for “${query}”` : "All files"}
      meta={
        query
          ? "Names, tags and more, across every library you can see."
          : "Every file in the libraries you can see."
      }
      actions={
        query && (
          <Button variant="secondary" onClick={onClearQuery}>
            Clear search
          </Button>
        )
      }
    />
  );
}
