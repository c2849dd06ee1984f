import { Ban } from "lucide-react";
import { useId } from "react";
import { cn } from "../../lib/cn.ts";

/** Folder colours offered by the dashboard (the API takes any hex colour). */
export const FOLDER_COLORS = [
  { name: "Indigo", hex: "#4f46e5" },
  { name: "Blue", hex: "#2563eb" },
  { name: "Cyan", hex: "#0891b2" },
  { name: "Green", hex: "#059669" },
  { name: "Lime", hex: "#65a30d" },
  { name: "Amber", hex: "#d97706" },
  { name: "Orange", hex: "#ea580c" },
  { name: "Red", hex: "#dc2626" },
  { name: "Pink", hex: "#db2777" },
  { name: "Violet", hex: "#7c3aed" },
  { name: "Grey", hex: "#6b7280" },
] as const;

export const colorName = (hex: string | null) =>
  hex === null ? "No colour" : (FOLDER_COLORS.find((c) => c.hex === hex.toLowerCase())?.name ?? hex);

/** A row of colour swatches as radio buttons (arrow keys move), with "no colour" first unless `required`. */
export function ColorPalette({
  value,
  onChange,
  required = false,
}: {
  value: string | null;
  onChange: (hex: string | null) => void;
  required?: boolean;
}) {
  const name = useId();
  const choices = [...(required ? [] : [{ name: "No colour", hex: null }]), ...FOLDER_COLORS];
  return (
    <fieldset>
      <legend className="mb-1.5 block font-medium text-sm">Colour</legend>
      <div className="flex flex-wrap gap-1.5">
        {choices.map((choice) => (
          <label key={choice.name} title={choice.name} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              aria-label={choice.name}
              checked={(value?.toLowerCase() ?? null) === choice.hex}
              onChange={() => onChange(choice.hex)}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            <span
              aria-hidden="true"
              className={cn(
                "flex size-7 items-center justify-center rounded-full border border-black/10 ring-offset-2 ring-offset-white peer-checked:ring-2 peer-checked:ring-zinc-900 peer-focus-visible:outline-2 peer-focus-visible:outline-accent-500 peer-focus-visible:outline-offset-4 dark:border-white/15 dark:ring-offset-zinc-900 dark:peer-checked:ring-zinc-100",
                choice.hex === null && "bg-white text-zinc-500 dark:bg-zinc-800",
              )}
              style={choice.hex ? { backgroundColor: choice.hex } : undefined}
            >
              {choice.hex === null && <Ban className="size-4" />}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
