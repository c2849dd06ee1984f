/** Trash is purged 30 days after an item was trashed (api-decisions: trash). */
export const TRASH_RETENTION_DAYS = 30;

export function daysUntilPurge(trashedAt: string, now = Date.now()): number {
  const purgeAt = new Date(trashedAt).getTime() + TRASH_RETENTION_DAYS * 86_400_000;
  return Math.max(0, Math.ceil((purgeAt - now) / 86_400_000));
}
