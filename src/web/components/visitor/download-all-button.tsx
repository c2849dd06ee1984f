import { Download } from "lucide-react";
import { useState } from "react";
import { downloadPublicShare } from "../../../contract/operations/shared-links.ts";
import { errorMessage } from "../../api/error-message.ts";
import { viaPublicProxy, visitorCall } from "../../api/visitor.ts";
import { Button } from "../ui/button.tsx";

/** "Download all" of a folder, library or board share: asks for the zip's signed URL, then lets the browser fetch it. */
export function DownloadAllButton({ token, accessToken }: { token: string; accessToken: string | null }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const downloadAll = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await visitorCall(downloadPublicShare, { params: { token }, accessToken });
      window.location.assign(viaPublicProxy(answer.url) ?? answer.url);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <Button onClick={downloadAll} disabled={busy}>
        <Download className="size-4" aria-hidden="true" /> Download all
      </Button>
      {problem && (
        <p role="alert" className="text-red-700 text-sm dark:text-red-400">
          {problem}
        </p>
      )}
    </div>
  );
}
