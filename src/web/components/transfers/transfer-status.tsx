import { Loader } from "lucide-react";
import type { Transfer } from "../../../contract/transfers.ts";
import { Badge, type Tone } from "../ui/badge.tsx";

const STATUS: Record<Transfer["status"], { label: string; tone: Tone }> = {
  awaiting_uploads: { label: "Awaiting files", tone: "grey" },
  processing: { label: "Preparing", tone: "blue" },
  ready: { label: "Ready", tone: "green" },
  expired: { label: "Expired", tone: "grey" },
};

const EXPIRED_REASONS: Record<NonNullable<Transfer["expired_reason"]>, string> = {
  expired: "Expired",
  ended_early: "Ended early",
  build_failed: "Could not be prepared",
};

/** A transfer's status as its creator reads it: an expired one says why it ended. */
export function TransferStatusBadge({ transfer }: { transfer: Pick<Transfer, "status" | "expired_reason"> }) {
  const status = STATUS[transfer.status];
  const label = transfer.expired_reason ? EXPIRED_REASONS[transfer.expired_reason] : status.label;
  return (
    <Badge tone={transfer.expired_reason === "build_failed" ? "red" : status.tone}>
      {transfer.status === "processing" && <Loader className="size-3 animate-spin" aria-hidden="true" />}
      {label}
    </Badge>
  );
}
