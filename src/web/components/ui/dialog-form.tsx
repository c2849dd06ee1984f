import { Button } from "./button.tsx";

/** A dialog form's error, announced when it appears; nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-red-700 text-sm dark:text-red-400">
      {message}
    </p>
  );
}

/** A dialog form's Cancel and submit buttons, at its bottom right. */
export function DialogActions({
  submit,
  disabled,
  onCancel,
  danger,
}: {
  submit: string;
  disabled: boolean;
  onCancel: () => void;
  danger?: boolean;
}) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={danger ? "danger" : "primary"} disabled={disabled}>
        {submit}
      </Button>
    </div>
  );
}
