import type { ReactNode } from "react";

/** The id of a field's hint, for its control's `aria-describedby`. */
export const fieldHintId = (id: string) => `${id}-hint`;

/**
 * A labelled form field: the label above its control (marked "(optional)" when it may stay empty, or
 * "(optional: …)" with what happens then), then a hint when there is one. The control is the child, with `id` as
 * its own id and, when there is a hint, `aria-describedby={fieldHintId(id)}`.
 */
export function Field({
  id,
  label,
  optional = false,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  optional?: boolean | string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div data-slot="field" className={className}>
      <label htmlFor={id} className="mb-1 block font-medium text-sm">
        {label}
        {optional && (
          <>
            {" "}
            <span className="font-normal text-zinc-600 dark:text-zinc-400">
              {typeof optional === "string" ? `(optional: ${optional})` : "(optional)"}
            </span>
          </>
        )}
      </label>
      {children}
      {hint && (
        <p id={fieldHintId(id)} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
