import { useId, useState } from "react";
import { Input } from "../ui/input.tsx";
import { isHexColor, OPTION_COLORS } from "./property-kinds.ts";

export const colorName = (hex: string) =>
  OPTION_COLORS.find((c) => c.hex === hex.toLowerCase())?.name ?? hex.toLowerCase();

/** The palette's swatches as radio buttons (arrow keys move) and a hex field for any other colour. */
export function OptionColor({
  label,
  value,
  onChange,
}: {
  /** Names the group for screen readers: "Colour of Draft". */
  label: string;
  value: string;
  onChange: (hex: string) => void;
}) {
  const name = useId();
  // The choice shows at once; the saved colour replaces it when it arrives (or stays, if the save failed).
  const [hex, setHex] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setHex(value);
  }
  const [invalid, setInvalid] = useState(false);
  const commit = () => {
    const text = hex.trim().startsWith("#") ? hex.trim() : `#${hex.trim()}`;
    if (!isHexColor(text)) return setInvalid(true);
    setInvalid(false);
    if (text.toLowerCase() !== value.toLowerCase()) onChange(text.toLowerCase());
  };
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {OPTION_COLORS.map((choice) => (
          <label key={choice.hex} title={choice.name} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              aria-label={choice.name}
              checked={hex.toLowerCase() === choice.hex}
              onChange={() => {
                setHex(choice.hex);
                onChange(choice.hex);
              }}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            <span
              aria-hidden="true"
              className="block size-6 rounded-full border border-black/10 ring-offset-2 ring-offset-white peer-checked:ring-2 peer-checked:ring-zinc-900 peer-focus-visible:outline-2 peer-focus-visible:outline-accent-500 peer-focus-visible:outline-offset-4 dark:border-white/15 dark:ring-offset-zinc-900 dark:peer-checked:ring-zinc-100"
              style={{ backgroundColor: choice.hex }}
            />
          </label>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${name}-hex`} className="text-xs text-zinc-600 dark:text-zinc-400">
          Hex
        </label>
        <Input
          id={`${name}-hex`}
          value={hex}
          maxLength={7}
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${name}-error` : undefined}
          onChange={(event) => setHex(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit();
            }
          }}
          className="h-8 w-28 font-mono"
        />
        {invalid && (
          <p id={`${name}-error`} className="text-red-700 text-xs dark:text-red-400">
            A colour is written #rrggbb or #rgb.
          </p>
        )}
      </div>
    </fieldset>
  );
}
