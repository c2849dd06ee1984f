import { type FormEvent, useState } from "react";
import type { SharedLink } from "../../../contract/sharing.ts";
import { errorMessage } from "../../api/error-message.ts";
import { useCreateSharedLink, useUpdateSharedLink } from "../../api/shared-links.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { DialogActions, FormError } from "../ui/dialog-form.tsx";
import { LinkField } from "./copy-button.tsx";
import { LinkForm } from "./link-form.tsx";
import { bodyOf, localDayOf, settingsOf, TARGET_LABELS, type TargetType } from "./link-settings.tsx";

export interface ShareTarget {
  type: TargetType;
  id: string;
  name: string;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What to share (create); or `link` to edit. */
  target?: ShareTarget;
  link?: SharedLink;
}

/** Creates a shared link for a file, folder, board or library, then shows it to copy; or edits a link. */
export function ShareDialog({ open, onOpenChange, target, link }: Props) {
  const [settings, setSettings] = useState(() => settingsOf(link));
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<SharedLink | null>(null);
  const create = useCreateSharedLink();
  const update = useUpdateSharedLink();
  const targetType = link?.target.type ?? target?.type ?? "file";
  const name = link?.target_name ?? target?.name ?? "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (settings.password && settings.password.length < 4) {
      setProblem("The password needs at least 4 characters.");
      return;
    }
    // A typed date is not held to the input's `min`: a past day would come back in the API's wording. An expired
    // link's own day may stay while something else changes.
    const keptDay = link?.expires_at ? localDayOf(link.expires_at) : "";
    const today = localDayOf(new Date().toISOString());
    if (settings.expiresOn && settings.expiresOn !== keptDay && settings.expiresOn < today) {
      setProblem("That expiry date has passed: choose today or a later day.");
      return;
    }
    setProblem(null);
    const onError = (error: unknown) => setProblem(errorMessage(error));
    if (link) {
      const changes = bodyOf(settings, link);
      if (Object.keys(changes).length === 0) return onOpenChange(false);
      update.mutate(
        { params: { linkId: link.id }, body: changes },
        {
          onSuccess: () => {
            toast.success("Link saved");
            onOpenChange(false);
          },
          onError,
        },
      );
      return;
    }
    if (!target) return;
    create.mutate(
      { body: { target: { type: target.type, id: target.id }, ...bodyOf(settings) } },
      { onSuccess: setCreated, onError },
    );
  };

  const title = link ? "Edit shared link" : `Share ${TARGET_LABELS[targetType].toLowerCase()} “${name}”`;
  if (created) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange} title={title}>
        <div className="space-y-4">
          <p className="text-sm">
            Anyone with this link {created.password_protected ? "and the password " : ""}can open “{name}”
            {created.expires_at ? ` until ${new Date(created.expires_at).toLocaleDateString()}` : ""}.
          </p>
          <LinkField url={created.url} label="Shared link" />
          <div className="flex justify-end">
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          </div>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {link && <LinkField url={link.url} label="Shared link" />}
        <LinkForm
          settings={settings}
          onChange={setSettings}
          targetType={targetType}
          passwordSet={link?.password_protected ?? false}
        />
        <FormError message={problem} />
        <DialogActions
          submit={link ? "Save" : "Create link"}
          disabled={create.isPending || update.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
