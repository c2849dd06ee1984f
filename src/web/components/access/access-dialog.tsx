import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ACCESS_LEVELS, type AccessLevel } from "../../../contract/permissions.ts";
import { errorMessage } from "../../api/error-message.ts";
import { type GrantTarget, grantsQuery, useGrantChanges } from "../../api/grants.ts";
import { membersQuery, rolesQuery } from "../../api/meta.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { FormError } from "../ui/dialog-form.tsx";

const LEVEL_NAMES: Record<AccessLevel, string> = {
  view: "Can view",
  comment: "Can comment",
  edit: "Can edit",
  manage: "Can manage",
};

const SELECT =
  "h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900";

function LevelSelect({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: AccessLevel;
  disabled?: boolean;
  onChange: (level: AccessLevel) => void;
}) {
  return (
    <select
      aria-label={label}
      className={SELECT}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as AccessLevel)}
    >
      {ACCESS_LEVELS.map((level) => (
        <option key={level} value={level}>
          {LEVEL_NAMES[level]}
        </option>
      ))}
    </select>
  );
}

/**
 * Who has access to a library or board, at which level: change a level, take access away, give it to another
 * member. Members whose role sees everything (owners, admins) need no grant, and the dialog says so.
 */
export function AccessDialog({
  target,
  open,
  onOpenChange,
}: {
  target: GrantTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const grants = useQuery(grantsQuery(target));
  const members = useQuery(membersQuery());
  const roles = useQuery(rolesQuery());
  const changes = useGrantChanges(target);
  const [adding, setAdding] = useState("");
  const [level, setLevel] = useState<AccessLevel>("view");
  const [problem, setProblem] = useState<string | null>(null);
  const noun = target.type;
  const seesAll = (roleId: string) =>
    roles.data
      ?.find((role) => role.id === roleId)
      ?.permissions.includes(`${noun === "library" ? "libraries" : "boards"}.manage_all`) ?? false;
  const granted = new Set(grants.data?.map((grant) => grant.user.id));
  const others = (members.data ?? []).filter(
    (member) => !granted.has(member.id) && member.status !== "deactivated",
  );

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setProblem(null);
      toast.success(done);
      return true;
    } catch (failure) {
      setProblem(errorMessage(failure));
      return false;
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const member = others.find((m) => m.id === adding);
    if (!member) return setProblem("Choose a member first.");
    if (
      await run(() => changes.set(member.id, level), `${member.name} ${LEVEL_NAMES[level].toLowerCase()}`)
    ) {
      setAdding("");
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Access to “${target.name}”`}
      description={`Owners and admins see every ${noun}. Anyone else sees this ${noun} only when given access here.`}
    >
      <div className="space-y-4">
        {grants.isPending ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>
        ) : grants.isError ? (
          <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(grants.error)}</p>
        ) : (
          <ul aria-label="People with access" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {grants.data.length === 0 && (
              <li className="py-2 text-sm text-zinc-600 dark:text-zinc-400">
                No one has been given access yet.
              </li>
            )}
            {grants.data.map((grant) => {
              const member = members.data?.find((m) => m.id === grant.user.id);
              const note =
                member && seesAll(member.role.id)
                  ? `${grant.user.email} · sees every ${noun} as ${member.role.name}`
                  : grant.user.email;
              return (
                <li key={grant.user.id} className="flex items-center gap-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{grant.user.name}</p>
                    <p className="truncate text-xs text-zinc-600 dark:text-zinc-400" title={note}>
                      {note}
                    </p>
                  </div>
                  <LevelSelect
                    label={`Access of ${grant.user.name}`}
                    value={grant.access}
                    disabled={changes.pending}
                    onChange={(next) =>
                      void run(
                        () => changes.set(grant.user.id, next),
                        `${grant.user.name} ${LEVEL_NAMES[next].toLowerCase()}`,
                      )
                    }
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${grant.user.name}`}
                    disabled={changes.pending}
                    onClick={() =>
                      void run(() => changes.remove(grant.user.id), `${grant.user.name} no longer has access`)
                    }
                  >
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <form
          onSubmit={add}
          className="flex flex-wrap items-end gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800"
        >
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
            Add a member
            <select
              className={`${SELECT} h-9 w-full font-normal`}
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
            >
              <option value="">{others.length === 0 ? "Every member has access" : "Choose a member…"}</option>
              {others.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name} ({member.email})
                </option>
              ))}
            </select>
          </label>
          <LevelSelect label="Access to give" value={level} onChange={setLevel} />
          <Button type="submit" disabled={changes.pending || !adding}>
            Give access
          </Button>
        </form>
        <FormError message={problem} />
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
