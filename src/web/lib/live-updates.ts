import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type LiveChange, staleQueryPredicate } from "./live-changes.ts";

export type LiveStatus = "connecting" | "live" | "reconnecting";

const STREAM_PATH = "/api/live";
/** Changes arriving together (a bulk move, a processing burst) refresh each query once. */
const BATCH_MS = 150;
/** After the server refused the stream (e.g. it restarted and forgot the session), try again this late. */
const RETRY_CLOSED_MS = 5_000;
/** The server writes at least every 20 s; a stream silent for longer is half-open (sleep, network change). */
const SILENT_STREAM_MS = 45_000;

/**
 * The dashboard's live stream (`/api/live`, Server-Sent Events from its server, which receives the service's
 * signed webhooks): each change refreshes the queries it makes stale. When the stream drops, everything is
 * refetched, since changes may have been missed, and again once it is back.
 */
export function useLiveUpdates(): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");

  useEffect(() => {
    let source: EventSource | null = null;
    let batch: LiveChange[] = [];
    let flushTimer: ReturnType<typeof setTimeout> | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    let dropped = false;
    let silenceTimer: ReturnType<typeof setTimeout> | null = null;

    const flush = () => {
      flushTimer = null;
      const changes = batch;
      batch = [];
      void queryClient.invalidateQueries({ predicate: staleQueryPredicate(changes) });
    };
    const markDropped = () => {
      if (!dropped) refetchEverything(queryClient);
      dropped = true;
      setStatus("reconnecting");
    };
    const disconnect = () => {
      source?.close();
      source = null;
      if (silenceTimer) clearTimeout(silenceTimer);
      if (retryTimer) clearTimeout(retryTimer);
    };
    const reconnectLater = (delayMs: number) => {
      disconnect();
      retryTimer = setTimeout(connect, delayMs);
    };
    const heardFrom = () => {
      if (silenceTimer) clearTimeout(silenceTimer);
      silenceTimer = setTimeout(() => {
        markDropped();
        reconnectLater(0);
      }, SILENT_STREAM_MS);
    };
    const connect = () => {
      if (!navigator.onLine) return markDropped();
      source = new EventSource(STREAM_PATH);
      source.addEventListener("open", () => {
        setStatus("live");
        heardFrom();
        if (dropped) refetchEverything(queryClient);
        dropped = false;
      });
      // Heartbeats are comments, which EventSource does not surface; `ping` events are what keep it trusted.
      source.addEventListener("ping", heardFrom);
      source.addEventListener("change", (event) => {
        heardFrom();
        const change = parseChange((event as MessageEvent<string>).data);
        if (!change) return;
        batch.push(change);
        flushTimer ??= setTimeout(flush, BATCH_MS);
      });
      source.addEventListener("error", () => {
        markDropped();
        // The browser reconnects by itself after a network error, but not after an error answer.
        if (source?.readyState === EventSource.CLOSED) reconnectLater(RETRY_CLOSED_MS);
      });
    };
    // A browser that knows it is offline drops the stream now rather than after the silence timeout.
    const goneOffline = () => {
      disconnect();
      markDropped();
    };
    const backOnline = () => {
      disconnect();
      connect();
    };
    window.addEventListener("offline", goneOffline);
    window.addEventListener("online", backOnline);
    connect();
    return () => {
      window.removeEventListener("offline", goneOffline);
      window.removeEventListener("online", backOnline);
      disconnect();
      if (flushTimer) clearTimeout(flushTimer);
    };
  }, [queryClient]);

  return status;
}

function refetchEverything(queryClient: QueryClient) {
  void queryClient.invalidateQueries();
}

function parseChange(text: string): LiveChange | null {
  try {
    const value = JSON.parse(text) as LiveChange;
    return typeof value?.type === "string" ? value : null;
  } catch {
    return null;
  }
}
