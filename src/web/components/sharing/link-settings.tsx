import type { SharedLink } from "../../../contract/sharing.ts";

export type Access = SharedLink["access"];
export type TargetType = SharedLink["target"]["type"];

/** The settings a link form edits, as the form holds them. */
export interface LinkSettings {
  access: Access;
  /** "" keeps the current password (or none); `removePassword` drops it. */
  password: string;
  removePassword: boolean;
  /** A day (`YYYY-MM-DD`, end of that day UTC) or "" for no expiry. */
  expiresOn: string;
  anonymousComments: boolean;
  showVersions: boolean;
  showProperties: boolean;
  displayMode: SharedLink["display_mode"];
  boardView: SharedLink["board_views"]["default"];
}

export function settingsOf(link?: SharedLink): LinkSettings {
  return {
    access: link?.access ?? "view",
    password: "",
    removePassword: false,
    expiresOn: link?.expires_at ? localDayOf(link.expires_at) : "",
    anonymousComments: link?.anonymous_comments ?? false,
    showVersions: link?.show_versions ?? false,
    showProperties: link?.show_properties ?? false,
    displayMode: link?.display_mode ?? "grid",
    boardView: link?.board_views.default ?? "gallery",
  };
}

/** The last second of a calendar day (`2026-12-20`) where the user is: a link "until the 20th" lasts all of it. */
export function endOfLocalDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year!, month! - 1, date!, 23, 59, 59).toISOString();
}

/** The calendar day, where the user is, that an instant falls on (`YYYY-MM-DD`, as a date input takes it). */
export function localDayOf(instant: string): string {
  const at = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The request fields for these settings; on edit, only what differs from the link. */
export function bodyOf(settings: LinkSettings, link?: SharedLink) {
  const expiresAt = settings.expiresOn ? endOfLocalDay(settings.expiresOn) : null;
  const body = {
    access: settings.access,
    anonymous_comments: settings.access !== "view" && settings.anonymousComments,
    show_versions: settings.showVersions,
    show_properties: settings.showProperties,
    display_mode: settings.displayMode,
    board_views: { default: settings.boardView, allowed: ["gallery", "list"] as ("gallery" | "list")[] },
    ...(settings.password
      ? { password: settings.password }
      : settings.removePassword
        ? { password: null }
        : {}),
  };
  if (!link) return { ...body, ...(expiresAt ? { expires_at: expiresAt } : {}) };
  const changes: Record<string, unknown> = {};
  if (body.access !== link.access) changes.access = body.access;
  if (body.anonymous_comments !== link.anonymous_comments)
    changes.anonymous_comments = body.anonymous_comments;
  if (body.show_versions !== link.show_versions) changes.show_versions = body.show_versions;
  if (body.show_properties !== link.show_properties) changes.show_properties = body.show_properties;
  if (body.display_mode !== link.display_mode) changes.display_mode = body.display_mode;
  if (body.board_views.default !== link.board_views.default) changes.board_views = body.board_views;
  if ("password" in body) changes.password = body.password;
  if ((link.expires_at ? localDayOf(link.expires_at) : "") !== settings.expiresOn)
    changes.expires_at = expiresAt;
  return changes;
}

export const ACCESS_LABELS: Record<Access, string> = {
  view: "Can view",
  comment: "Can view and comment",
  download: "Can view, comment and download",
};

export const TARGET_LABELS: Record<TargetType, string> = {
  file: "File",
  folder: "Folder",
  board: "Board",
  library: "Library",
};
