import type { ReactNode } from "react";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import {
  ACCESS_LABELS,
  type Access,
  type LinkSettings,
  localDayOf,
  type TargetType,
} from "./link-settings.tsx";

const SELECT =
  "h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

function Check({
  id,
  checked,
  onChange,
  disabled,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}

/** The fields of a shared link: who may do what, password, expiry and what visitors see. */
export function LinkForm({
  settings,
  onChange,
  targetType,
  passwordSet,
}: {
  settings: LinkSettings;
  onChange: (settings: LinkSettings) => void;
  targetType: TargetType;
  /** The link has a password already (edit). */
  passwordSet: boolean;
}) {
  const set = <K extends keyof LinkSettings>(key: K, value: LinkSettings[K]) =>
    onChange({ ...settings, [key]: value });
  const today = localDayOf(new Date().toISOString());
  return (
    <div className="space-y-4">
      <Field id="link-access" label="Visitors">
        <select
          id="link-access"
          className={SELECT}
          value={settings.access}
          onChange={(e) => set("access", e.target.value as Access)}
        >
          {(Object.keys(ACCESS_LABELS) as Access[]).map((access) => (
            <option key={access} value={access}>
              {ACCESS_LABELS[access]}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="link-password" label="Password" optional>
          <Input
            id="link-password"
            type="password"
            autoComplete="new-password"
            placeholder={passwordSet && !settings.removePassword ? "Unchanged" : "None"}
            value={settings.password}
            onChange={(e) => onChange({ ...settings, password: e.target.value, removePassword: false })}
          />
          {passwordSet && (
            <Check
              id="link-remove-password"
              checked={settings.removePassword}
              onChange={(checked) => onChange({ ...settings, removePassword: checked, password: "" })}
            >
              Remove the password
            </Check>
          )}
        </Field>
        <Field id="link-expiry" label="Expires" optional>
          <Input
            id="link-expiry"
            type="date"
            min={today}
            value={settings.expiresOn}
            onChange={(e) => set("expiresOn", e.target.value)}
          />
        </Field>
      </div>
      <fieldset className="space-y-1.5">
        <legend className="mb-1 font-medium text-sm">Visitors see</legend>
        <Check
          id="link-comments"
          checked={settings.access !== "view" && settings.anonymousComments}
          disabled={settings.access === "view"}
          onChange={(checked) => set("anonymousComments", checked)}
        >
          Let visitors comment (with their name)
        </Check>
        <Check
          id="link-versions"
          checked={settings.showVersions}
          onChange={(checked) => set("showVersions", checked)}
        >
          Earlier versions
        </Check>
        <Check
          id="link-properties"
          checked={settings.showProperties}
          onChange={(checked) => set("showProperties", checked)}
        >
          Properties (status, campaign…)
        </Check>
      </fieldset>
      {/* A link to one file opens on the file: it has no layout to choose. */}
      {targetType !== "file" && (
        <Field id="link-display" label={targetType === "board" ? "Board view" : "Layout"}>
          {targetType === "board" ? (
            <select
              id="link-display"
              className={SELECT}
              value={settings.boardView}
              onChange={(e) => set("boardView", e.target.value as LinkSettings["boardView"])}
            >
              <option value="gallery">Gallery</option>
              <option value="list">List</option>
            </select>
          ) : (
            <select
              id="link-display"
              className={SELECT}
              value={settings.displayMode}
              onChange={(e) => set("displayMode", e.target.value as LinkSettings["displayMode"])}
            >
              <option value="grid">Grid</option>
              <option value="list">List</option>
            </select>
          )}
        </Field>
      )}
    </div>
  );
}
