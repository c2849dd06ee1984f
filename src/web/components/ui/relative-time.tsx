import { formatDateTime, relativeTime } from "../../lib/format.ts";

/** A timestamp shown relative to now ("5 minutes ago") with the exact local time on hover. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {relativeTime(iso)}
    </time>
  );
}
