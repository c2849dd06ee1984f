import { type FormEvent, useState } from "react";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { EventPicker } from "./event-picker.tsx";
import {
  checkWebhookForm,
  serverErrors,
  type WebhookFormErrors,
  type WebhookFormValues,
} from "./webhook-form-rules.ts";

export interface WebhookFormProps {
  initial: WebhookFormValues;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (values: WebhookFormValues) => void;
  onCancel: () => void;
}

/** URL, description and events of an endpoint: the body of the create and edit dialogs. */
export function WebhookForm({ initial, submitLabel, pending, error, onSubmit, onCancel }: WebhookFormProps) {
  const [values, setValues] = useState(initial);
  const [local, setLocal] = useState<WebhookFormErrors>({});
  // The service's messages concern what was sent: they go away once the input changes.
  const [edited, setEdited] = useState(false);
  const errors = { ...(edited ? {} : serverErrors(error)), ...local };
  const set = (patch: Partial<WebhookFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setLocal({});
    setEdited(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkWebhookForm(values);
    setLocal(found);
    setEdited(false);
    if (Object.keys(found).length === 0) onSubmit({ ...values, url: values.url.trim() });
  };
  const insecure = URL.canParse(values.url.trim()) && new URL(values.url.trim()).protocol === "http:";
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor="webhook-url" className="mb-1 block font-medium text-sm">
          Endpoint URL
        </label>
        <Input
          id="webhook-url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/brandspace"
          autoFocus
          value={values.url}
          onChange={(event) => set({ url: event.target.value })}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby="webhook-url-help"
        />
        <p
          id="webhook-url-help"
          className={
            errors.url
              ? "mt-1 text-red-600 text-sm dark:text-red-400"
              : "mt-1 text-xs text-zinc-600 dark:text-zinc-400"
          }
        >
          {errors.url ??
            (insecure
              ? "Plain http is accepted only for loopback addresses, on a service configured for local development."
              : "An https URL that answers 2xx within 10 seconds. Redirects are not followed.")}
        </p>
      </div>
      <Field id="webhook-description" label="Description" optional>
        <Input
          id="webhook-description"
          placeholder="What receives these events"
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "webhook-description-error" : undefined}
        />
        {errors.description && (
          <p id="webhook-description-error" className="mt-1 text-red-600 text-sm dark:text-red-400">
            {errors.description}
          </p>
        )}
      </Field>
      <EventPicker value={values.events} onChange={(events) => set({ events })} error={errors.events} />
      {errors.form && (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {errors.form}
        </p>
      )}
      <div className="flex justify-end gap-2 pt-1">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
