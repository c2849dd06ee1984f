import { ApiError } from "../../api/client.ts";

export interface WebhookFormValues {
  url: string;
  description: string;
  events: string[];
}

type Field = "url" | "description" | "events";
export type WebhookFormErrors = Partial<Record<Field | "form", string>>;

/** What is wrong with the input before asking the service, which checks again (and resolves the host). */
export function checkWebhookForm(values: WebhookFormValues): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  const url = values.url.trim();
  if (!url) errors.url = "Enter the URL that receives the events.";
  else if (!URL.canParse(url)) errors.url = "Enter an absolute URL, such as https://example.com/webhooks.";
  else if (!["https:", "http:"].includes(new URL(url).protocol)) errors.url = "The URL must use https.";
  if (values.events.length === 0) errors.events = "Choose at least one event type, or all events.";
  if (values.description.length > 2000) errors.description = "At most 2000 characters.";
  return errors;
}

/** The service's per-field messages (`url`, `events.3`, …) under the fields they concern. */
export function serverErrors(error: Error | null): WebhookFormErrors {
  if (!error) return {};
  if (!(error instanceof ApiError)) return { form: error.message };
  const errors: WebhookFormErrors = {};
  for (const issue of error.issues) {
    const field = (["url", "description", "events"] as const).find(
      (name) => issue.param === name || issue.param.startsWith(`${name}.`),
    );
    const key = field ?? "form";
    errors[key] = errors[key] ? `${errors[key]} ${issue.message}` : issue.message;
  }
  if (error.issues.length === 0) errors.form = error.message;
  return errors;
}
