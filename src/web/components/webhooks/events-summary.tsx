import { Badge } from "../ui/badge.tsx";

/** An endpoint's subscription as chips: "All events" for `*`, else the first `max` types and how many more. */
export function EventsSummary({ events, max }: { events: string[]; max?: number }) {
  if (events.length === 1 && events[0] === "*") return <Badge tone="blue">All events</Badge>;
  const shown = max === undefined ? events : events.slice(0, max);
  const more = events.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`${events.length} event types`}>
      {shown.map((type) => (
        <li key={type}>
          <Badge tone="grey" className="font-mono">
            {type}
          </Badge>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Badge tone="grey">+{more} more</Badge>
        </li>
      )}
    </ul>
  );
}
