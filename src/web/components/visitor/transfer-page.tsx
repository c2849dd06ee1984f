import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Loader } from "lucide-react";
import { useState } from "react";
import {
  downloadPublicTransferFile,
  getPublicTransfer,
  unlockPublicTransfer,
} from "../../../contract/operations/transfers.ts";
import { errorMessage } from "../../api/error-message.ts";
import { viaPublicProxy, visitorAccessToken, visitorCall } from "../../api/visitor.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { formatBytes, formatDate, plural } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { PasswordGate, VisitorFrame, VisitorProblem } from "./visitor-frame.tsx";

/** A transfer's page for recipients: password, message, the files, the zip and single downloads. */
/** The folder part of a transfer item's path ("Event photography/booth.jpg" → "Event photography"), or "". */
const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf("/")));

export function TransferPage({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const [accessToken, setAccessToken] = useState(() => visitorAccessToken.read("transfer", token));
  const [problem, setProblem] = useState<string | null>(null);
  const transfer = useQuery({
    queryKey: ["visitor-transfer", token, accessToken],
    queryFn: () => visitorCall(getPublicTransfer, { params: { token }, accessToken }),
    retry: false,
    // Until the zip is built, look again every few seconds.
    refetchInterval: (query) => (query.state.data && query.state.data.status !== "ready" ? 3_000 : false),
  });
  useDocumentTitle(transfer.data?.name);
  if (transfer.error) return <VisitorProblem error={transfer.error} kind="transfer" />;
  if (!transfer.data) return <VisitorFrame>{null}</VisitorFrame>;
  const data = transfer.data;
  if (data.password_required) {
    return (
      <PasswordGate
        brand={data.brandspace_name}
        what={`“${data.name}”`}
        unlock={async (password) => {
          const access = await visitorCall(unlockPublicTransfer, { params: { token }, body: { password } });
          visitorAccessToken.save("transfer", token, access);
          setAccessToken(access.token);
          await queryClient.invalidateQueries({ queryKey: ["visitor-transfer", token] });
        }}
      />
    );
  }
  const downloadOne = async (entryId: string) => {
    setProblem(null);
    try {
      const answer = await visitorCall(downloadPublicTransferFile, {
        params: { token, entryId },
        accessToken,
      });
      window.location.assign(viaPublicProxy(answer.url) ?? answer.url);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const ready = data.status === "ready" && data.zip_url;
  return (
    <VisitorFrame brand={data.brandspace_name}>
      <div className="mx-auto max-w-2xl rounded-xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="font-semibold text-xl">{data.name}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {plural(data.file_count, "file")} · {formatBytes(data.size)} · available until{" "}
          {formatDate(data.expires_at)}
        </p>
        {data.message && <p className="mt-4 whitespace-pre-wrap text-sm">{data.message}</p>}
        <div className="mt-5">
          {ready ? (
            <a
              href={viaPublicProxy(data.zip_url)}
              className="inline-flex h-10 items-center gap-2 rounded-md bg-accent-600 px-4 font-medium text-sm text-white hover:bg-accent-700"
            >
              <Download className="size-4" aria-hidden="true" /> Download all (.zip)
            </a>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm">
              {data.status === "awaiting_uploads" ? (
                "The sender is still adding files. This page updates when they are ready."
              ) : data.status === "expired" ? (
                "This transfer has expired."
              ) : (
                <>
                  <Loader className="size-4 animate-spin" aria-hidden="true" /> The files are being prepared…
                </>
              )}
            </p>
          )}
        </div>
        {problem && (
          <p role="alert" className="mt-3 text-red-700 text-sm">
            {problem}
          </p>
        )}
        <ul
          aria-label="Files"
          className="mt-5 divide-y divide-zinc-200 border-zinc-200 border-t dark:divide-zinc-800 dark:border-zinc-800"
        >
          {data.files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 py-2 text-sm">
              {/* The name first, its folder below: a long folder path must not hide which file a row is. */}
              <span className="min-w-0 flex-1" title={file.path}>
                <span className="block truncate">{file.name}</span>
                {folderOf(file.path) && (
                  <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">
                    {folderOf(file.path)}
                  </span>
                )}
              </span>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">{formatBytes(file.size)}</span>
              <Button
                variant="ghost"
                size="icon"
                disabled={!ready}
                aria-label={`Download ${file.name}`}
                onClick={() => downloadOne(file.id)}
              >
                <Download className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </VisitorFrame>
  );
}
