import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { createReplay, listReplays } from "../../../contract/operations/webhooks.ts";
import type { Webhook } from "../../../contract/webhooks.ts";
import { errorMessage } from "../../api/error-message.ts";
import { eventTypesQuery } from "../../api/meta.ts";
import { useApiMutation } from "../../api/query.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { Input } from "../ui/input.tsx";
import { EventPicker } from "./event-picker.tsx";

const HOUR = 3_600_000;
/** Events are kept 30 days: older ones cannot be replayed. */
const KEPT_MS = 30 * 24 * HOUR;
const PRESETS = [
  { id: "1h", label: "Last hour", ms: HOUR },
  { id: "24h", label: "Last 24 hours", ms: 24 * HOUR },
  { id: "7d", label: "Last 7 days", ms: 7 * 24 * HOUR },
  { id: "30d", label: "Last 30 days", ms: KEPT_MS - 60_000 },
  { id: "custom", label: "Custom range", ms: 0 },
] as const;
type Preset = (typeof PRESETS)[number]["id"];

/** `<input type="datetime-local">` speaks local time without a zone: read it as the browser's local time. */
function localToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function range(preset: Preset, from: string, to: string): { since?: string; until?: string; error?: string } {
  const now = Date.now();
  if (preset !== "custom") {
    const ms = PRESETS.find((p) => p.id === preset)!.ms;
    return { since: new Date(now - ms).toISOString() };
  }
  const since = localToIso(from);
  const until = localToIso(to) ?? undefined;
  if (!since) return { error: "Enter when the range starts." };
  if (new Date(since).getTime() < now - KEPT_MS) return { error: "Events are kept 30 days: start later." };
  if (until && until < since) return { error: "The end must not be before the start." };
  return { since, until };
}

export interface ReplayDialogProps {
  webhook: Webhook;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Deliver an endpoint's past events again: a time range, optionally some event types or only the failed ones. */
export function ReplayDialog({ webhook, open, onOpenChange }: ReplayDialogProps) {
  const [preset, setPreset] = useState<Preset>("24h");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [events, setEvents] = useState<string[]>(["*"]);
  const [onlyFailed, setOnlyFailed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const catalogue = useQuery(eventTypesQuery());
  const replay = useApiMutation(createReplay, { invalidates: [listReplays] });
  const subscribed = webhook.events.includes("*")
    ? (catalogue.data ?? []).map((row) => row.type)
    : webhook.events;
  // Test events are never replayed.
  const only = subscribed.filter((type) => type !== "webhook.test");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { since, until, error } = range(preset, from, to);
    if (error || !since) return setProblem(error ?? "Choose a range.");
    if (events.length === 0) return setProblem("Choose at least one event type.");
    setProblem(null);
    const all = events.length === 1 && events[0] === "*";
    replay.mutate(
      {
        params: { webhookId: webhook.id },
        body: { since, until, event_types: all ? undefined : events, only_failed: onlyFailed || undefined },
      },
      {
        onSuccess: () => {
          toast.success("Replay queued");
          onOpenChange(false);
          replay.reset();
        },
      },
    );
  };
  const serviceError = replay.error ? errorMessage(replay.error) : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Replay events"
      description="Queues a new delivery for each of this endpoint's events in the range (events are kept 30 days)."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset>
          <legend className="mb-1 font-medium text-sm">Time range</legend>
          <div className="grid grid-cols-2 gap-1.5 text-sm">
            {PRESETS.map((option) => (
              <label key={option.id} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="replay-range"
                  className="size-4 accent-accent-600"
                  checked={preset === option.id}
                  onChange={() => setPreset(option.id)}
                />
                {option.label}
              </label>
            ))}
          </div>
          {preset === "custom" && (
            <div className="mt-2 grid grid-cols-2 gap-3">
              <div>
                <label htmlFor="replay-from" className="mb-1 block text-sm">
                  From
                </label>
                <Input
                  id="replay-from"
                  type="datetime-local"
                  value={from}
                  onChange={(e) => setFrom(e.target.value)}
                />
              </div>
              <div>
                <label htmlFor="replay-to" className="mb-1 block text-sm">
                  To <span className="text-zinc-500 dark:text-zinc-400">(optional)</span>
                </label>
                <Input
                  id="replay-to"
                  type="datetime-local"
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                />
              </div>
            </div>
          )}
        </fieldset>
        <EventPicker
          value={events}
          onChange={setEvents}
          only={only}
          allLabel="Every event this endpoint subscribes to"
        />
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-accent-600"
            checked={onlyFailed}
            onChange={(e) => setOnlyFailed(e.target.checked)}
          />
          <span>
            Only events whose last delivery failed
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">
              Those that used up their retries. Otherwise every event in the range is sent again, delivered or
              not.
            </span>
          </span>
        </label>
        {(problem || serviceError) && (
          <p role="alert" className="text-red-600 text-sm dark:text-red-400">
            {problem ?? serviceError}
          </p>
        )}
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={replay.isPending}>
            {replay.isPending ? "Queuing…" : "Start replay"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
