import type pino from "pino";
import pretty from "pino-pretty";

/** `LOG_FORMAT`: `auto` picks by where standard output goes; `pretty` and `json` force one. */
export const LOG_FORMATS = ["auto", "pretty", "json"] as const;
export type LogFormatSetting = (typeof LOG_FORMATS)[number];

/**
 * Readable lines for a person at a terminal, JSON lines for everything else (a file, a pipe, a log collector),
 * unless `LOG_FORMAT` says which.
 */
export function chooseLogFormat(setting: LogFormatSetting, stdoutIsTty: boolean): "pretty" | "json" {
  if (setting !== "auto") return setting;
  return stdoutIsTty ? "pretty" : "json";
}

/**
 * Where the service's and the BFF's log lines go: null for pino's own standard output (JSON lines), or through pino-pretty. A stream in this
 * thread rather than a worker transport, so log lines and the start banner keep their order.
 */
export function logDestination(setting: LogFormatSetting): pino.DestinationStream | null {
  const stdoutIsTty = process.stdout.isTTY === true;
  if (chooseLogFormat(setting, stdoutIsTty) === "json") return null;
  return pretty({
    destination: 1,
    colorize: stdoutIsTty,
    singleLine: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,service",
    sync: true,
  });
}
