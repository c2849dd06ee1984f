import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

/**
 * A board's Name field. No `maxLength`: a longer name (pasted, say) is not cut silently; the form's check
 * (`boardProblem`) says what the limit is.
 */
export function BoardNameField({
  id,
  value,
  invalid,
  autoFocus = true,
  onChange,
}: {
  id: string;
  value: string;
  invalid: boolean;
  /** Whether the field takes the focus when it appears: the form's first field does. */
  autoFocus?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label="Name">
      <Input
        id={id}
        autoFocus={autoFocus}
        value={value}
        autoComplete="off"
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
