import type pino from "pino";
import pretty from "pino-pretty";

// The same rule as the service's (src/service/platform/log-format.ts): the BFF imports nothing of the service.
export const LOG_FORMATS = ["auto", "pretty", "json"] as const;
export type LogFormatSetting = (typeof LOG_FORMATS)[number];

/** `LOG_FORMAT`: readable lines at a terminal and JSON lines otherwise (`auto`), or the one it names. */
export function chooseLogFormat(setting: LogFormatSetting, stdoutIsTty: boolean): "pretty" | "json" {
  if (setting !== "auto") return setting;
  return stdoutIsTty ? "pretty" : "json";
}

/** Null for JSON lines as they are, or pino-pretty to standard output, in this thread so lines keep their order. */
export function logDestination(setting: LogFormatSetting): pino.DestinationStream | null {
  const stdoutIsTty = process.stdout.isTTY === true;
  if (chooseLogFormat(setting, stdoutIsTty) === "json") return null;
  return pretty({
    destination: 1,
    colorize: stdoutIsTty,
    singleLine: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
    sync: true,
  });
}
