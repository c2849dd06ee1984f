/**
 * The description of the endpoint the dashboard's server registers to receive the service's events for its live
 * updates. The dashboard recognises it by this, and keeps people from editing, disabling or deleting it there.
 */
export const DASHBOARD_RECEIVER_DESCRIPTION = "Brandspace dashboard: live updates";

/** Why an endpoint may not be changed from the dashboard, or null when it may. */
export function dashboardReceiverDenial(webhook: { description: string | null }): string | null {
  return webhook.description === DASHBOARD_RECEIVER_DESCRIPTION
    ? "The dashboard uses this endpoint for its live updates and manages it itself."
    : null;
}
