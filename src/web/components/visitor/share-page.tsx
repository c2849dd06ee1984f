import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronRight, FolderClosed, Grid2x2, Rows3 } from "lucide-react";
import { useState } from "react";
import {
  getPublicShare,
  listPublicShareFiles,
  listPublicShareFolders,
  unlockPublicShare,
} from "../../../contract/operations/shared-links.ts";
import type { PublicFile } from "../../../contract/sharing.ts";
import { viaPublicProxy, visitorAccessToken, visitorCall } from "../../api/visitor.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { formatBytes, formatDate } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { DownloadAllButton } from "./download-all-button.tsx";
import { type ShareAccess, SharedFileView } from "./shared-file-view.tsx";
import { PasswordGate, VisitorFrame, VisitorProblem } from "./visitor-frame.tsx";

type Layout = "grid" | "list";

function FileTile({ file, layout, onOpen }: { file: PublicFile; layout: Layout; onOpen: () => void }) {
  if (layout === "list") {
    return (
      <li>
        <button
          type="button"
          onClick={onOpen}
          className="flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          {file.thumbnail_url ? (
            <img src={viaPublicProxy(file.thumbnail_url)} alt="" className="size-8 rounded object-cover" />
          ) : (
            <span className="size-8 rounded bg-zinc-200 dark:bg-zinc-800" />
          )}
          <span className="min-w-0 flex-1 truncate">{file.name}</span>
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{formatBytes(file.size)}</span>
        </button>
      </li>
    );
  }
  return (
    <li>
      <button type="button" onClick={onOpen} className="group block w-full text-left">
        <span className="flex aspect-square items-center justify-center overflow-hidden rounded-md bg-zinc-100 dark:bg-zinc-800">
          {file.thumbnail_url ? (
            <img
              src={viaPublicProxy(file.thumbnail_url)}
              alt=""
              className="transparency-grid max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="text-xs text-zinc-600 uppercase dark:text-zinc-400">{file.extension}</span>
          )}
        </span>
        <span className="mt-1 block truncate text-sm group-hover:underline">{file.name}</span>
      </button>
    </li>
  );
}

/** A shared link's page for visitors: password, folders, files (grid or list), a file's view. */
export function SharePage({
  token,
  folderId,
  fileId,
  onFolder,
  onFile,
}: {
  token: string;
  folderId: string | undefined;
  /** The file open in its view, from the page's URL. */
  fileId: string | undefined;
  onFolder: (folderId: string | undefined) => void;
  onFile: (fileId: string | undefined) => void;
}) {
  const queryClient = useQueryClient();
  const [accessToken, setAccessToken] = useState(() => visitorAccessToken.read("share", token));
  const [path, setPath] = useState<{ id: string; name: string }[]>([]);
  const share = useQuery({
    queryKey: ["visitor-share", token, accessToken],
    queryFn: () => visitorCall(getPublicShare, { params: { token }, accessToken }),
    retry: false,
    // Each answer counts a view: read it once per visit.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const ready = share.data && !share.data.password_required;
  useDocumentTitle(share.data?.target.name ?? (share.data ? "Shared with you" : undefined));
  const folders = useQuery({
    queryKey: ["visitor-folders", token, accessToken, folderId],
    queryFn: () =>
      visitorCall(listPublicShareFolders, {
        params: { token },
        accessToken,
        query: { folder_id: folderId, limit: 100 },
      }),
    // A link to one file has no folders.
    enabled: !!ready && share.data.target.type !== "file",
  });
  const files = useInfiniteQuery({
    queryKey: ["visitor-files", token, accessToken, folderId],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      visitorCall(listPublicShareFiles, {
        params: { token },
        accessToken,
        query: { folder_id: folderId, limit: 60, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    getNextPageParam: (last) => (last.has_more ? (last.next_cursor ?? undefined) : undefined),
    enabled: !!ready,
  });
  const defaultLayout: Layout = share.data
    ? share.data.target.type === "board"
      ? share.data.board_views.default === "list"
        ? "list"
        : "grid"
      : share.data.display_mode
    : "grid";
  const [layout, setLayout] = useState<Layout | null>(null);

  if (share.error) return <VisitorProblem error={share.error} kind="link" />;
  if (!share.data) return <VisitorFrame>{null}</VisitorFrame>;
  if (share.data.password_required) {
    return (
      <PasswordGate
        brand={share.data.brandspace_name}
        what="This shared link"
        unlock={async (password) => {
          const access = await visitorCall(unlockPublicShare, { params: { token }, body: { password } });
          visitorAccessToken.save("share", token, access);
          setAccessToken(access.token);
          await queryClient.invalidateQueries({ queryKey: ["visitor-share", token] });
        }}
      />
    );
  }
  const data = share.data;
  const shownLayout = layout ?? defaultLayout;
  const oneFile = data.target.type === "file";
  const allowed: Layout[] = oneFile
    ? []
    : data.target.type === "board"
      ? data.board_views.allowed.map((v) => (v === "list" ? "list" : "grid"))
      : ["grid", "list"];
  const access: ShareAccess = {
    token,
    accessToken,
    access: data.access,
    anonymousComments: data.anonymous_comments,
  };
  const allFiles = files.data?.pages.flatMap((p) => p.data) ?? [];
  const enter = (folder: { id: string; name: string }) => {
    setPath((current) => [...current, folder]);
    onFolder(folder.id);
  };
  const climb = (index: number) => {
    setPath((current) => current.slice(0, index));
    onFolder(index === 0 ? undefined : path[index - 1]!.id);
  };
  return (
    <VisitorFrame brand={data.brandspace_name}>
      <div className="flex flex-wrap items-center gap-3">
        {/* Never narrower than a short title: on a phone the buttons wrap below it instead of covering it. */}
        <nav aria-label="Folders" className="min-w-48 flex-1">
          <ol className="flex flex-wrap items-center gap-1 break-words font-semibold text-lg">
            <li>
              {path.length > 0 ? (
                <button type="button" className="hover:underline" onClick={() => climb(0)}>
                  {data.target.name}
                </button>
              ) : (
                <h1>{data.target.name}</h1>
              )}
            </li>
            {path.map((step, index) => (
              <li key={step.id} className="flex items-center gap-1">
                <ChevronRight className="size-4 text-zinc-500" aria-hidden="true" />
                {index < path.length - 1 ? (
                  <button type="button" className="hover:underline" onClick={() => climb(index + 1)}>
                    {step.name}
                  </button>
                ) : (
                  <span aria-current="page">{step.name}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        {data.access === "download" && data.target.type !== "file" && (
          <DownloadAllButton token={token} accessToken={accessToken} />
        )}
        {allowed.length > 1 && (
          <fieldset className="flex gap-1">
            <legend className="sr-only">Layout</legend>
            <Button
              variant={shownLayout === "grid" ? "secondary" : "ghost"}
              size="icon"
              aria-label="Grid"
              aria-pressed={shownLayout === "grid"}
              onClick={() => setLayout("grid")}
            >
              <Grid2x2 className="size-4" aria-hidden="true" />
            </Button>
            <Button
              variant={shownLayout === "list" ? "secondary" : "ghost"}
              size="icon"
              aria-label="List"
              aria-pressed={shownLayout === "list"}
              onClick={() => setLayout("list")}
            >
              <Rows3 className="size-4" aria-hidden="true" />
            </Button>
          </fieldset>
        )}
      </div>
      {data.expires_at && (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          Available until {formatDate(data.expires_at)}
        </p>
      )}
      {oneFile ? (
        // A link to one file opens on it: there is nothing else to pick.
        <div className="mt-4 max-w-4xl">
          {allFiles[0] ? (
            <SharedFileView share={access} fileId={allFiles[0].id} />
          ) : (
            files.data && <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing here yet.</p>
          )}
        </div>
      ) : (
        <div
          className={
            fileId ? "mt-4 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_28rem]" : "mt-4"
          }
        >
          <div>
            {folders.data && folders.data.data.length > 0 && (
              <ul aria-label="Folders in this share" className="mb-4 flex flex-wrap gap-2">
                {folders.data.data.map((folder) => (
                  <li key={folder.id}>
                    <button
                      type="button"
                      onClick={() => enter(folder)}
                      className="flex items-center gap-2 rounded-md border border-zinc-200 bg-white px-3 py-2 text-sm hover:bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:bg-zinc-800"
                    >
                      <FolderClosed className="size-4" aria-hidden="true" /> {folder.name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <ul
              aria-label="Files in this share"
              className={
                shownLayout === "grid"
                  ? "grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-4"
                  : "divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
              }
            >
              {allFiles.map((file) => (
                <FileTile key={file.id} file={file} layout={shownLayout} onOpen={() => onFile(file.id)} />
              ))}
            </ul>
            {files.data && allFiles.length === 0 && (!folders.data || folders.data.data.length === 0) && (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing here yet.</p>
            )}
            {files.hasNextPage && (
              <Button variant="secondary" className="mt-4" onClick={() => files.fetchNextPage()}>
                Show more
              </Button>
            )}
          </div>
          {fileId && <SharedFileView share={access} fileId={fileId} onClose={() => onFile(undefined)} />}
        </div>
      )}
    </VisitorFrame>
  );
}
