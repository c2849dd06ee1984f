import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { File } from "../../../contract/files.ts";
import { membersQuery } from "../../api/meta.ts";
import { cn } from "../../lib/cn.ts";
import { formatBytes, formatDateTime, formatDuration, formatResolution } from "../../lib/format.ts";
import { FileNameField } from "./file-name-field.tsx";
import { PanelSection } from "./panel-section.tsx";
import { PropertyEditors } from "./property-editors.tsx";
import { PublishedSwitch } from "./published-switch.tsx";
import { RenditionsList } from "./renditions-list.tsx";
import { TagsEditor } from "./tags-editor.tsx";

const STATUS_STYLES: Record<File["status"], string> = {
  ready: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  processing: "bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  failed: "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300",
};
const STATUS_LABELS: Record<File["status"], string> = {
  ready: "Ready",
  processing: "Processing",
  failed: "Preview failed",
};

export function StatusBadge({ status }: { status: File["status"] }) {
  return (
    <span className={cn("rounded-full px-2 py-0.5 font-medium text-xs", STATUS_STYLES[status])}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** A member's name for an id, or a neutral word while unknown (members of other regions, removed users). */
export function useMemberName(userId: string): string {
  const members = useQuery(membersQuery());
  if (members.isPending) return "…";
  // Without the member list (the key may lack brandspace:read) the id is all there is to show.
  if (members.isError) return userId;
  return members.data.find((member) => member.id === userId)?.name ?? "A former member";
}

/** Name, facts, tags, publishing and renditions of a file: the Details tab of the side panel. */
export function FileDetails({ file }: { file: File }) {
  const creator = useMemberName(file.created_by_id);
  const facts: [string, ReactNode][] = [
    [
      "Kind",
      <span key="kind" className="capitalize">
        {file.kind}
      </span>,
    ],
    ["Type", file.mime],
    ["Size", formatBytes(file.size)],
    ...(file.resolution ? [["Resolution", formatResolution(file.resolution)] as [string, ReactNode]] : []),
    ...(file.duration_ms !== null
      ? [["Duration", formatDuration(file.duration_ms)] as [string, ReactNode]]
      : []),
    [
      "Created",
      <time key="created" dateTime={file.created_at}>
        {formatDateTime(file.created_at)}
      </time>,
    ],
    ["Created by", creator],
    ["Status", <StatusBadge key="status" status={file.status} />],
    ["Version", `${file.version.active_number} (${file.version.count} in all)`],
  ];
  return (
    <div>
      <div className="px-4 py-4">
        <FileNameField key={file.name} file={file} />
      </div>
      <PanelSection title="Information">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
              <dd className="min-w-0 truncate">{value}</dd>
            </div>
          ))}
        </dl>
      </PanelSection>
      <PanelSection title="Organize">
        <div className="space-y-4">
          <TagsEditor file={file} />
          <PublishedSwitch file={file} />
        </div>
      </PanelSection>
      <PropertyEditors file={file} />
      <PanelSection title="Renditions">
        <RenditionsList file={file} />
      </PanelSection>
    </div>
  );
}
