import type { KeyContext } from "../../../contract/meta.ts";
import { formatDateTime } from "../../lib/format.ts";
import { Badge } from "../ui/badge.tsx";
import { RelativeTime } from "../ui/relative-time.tsx";
import { Command, Field, Fields, Section } from "./section.tsx";

/** The key the dashboard's server uses (never its secret) and the member it acts as. */
export function KeySection({ me, rolesShown }: { me: KeyContext; rolesShown: boolean }) {
  const { key, creator } = me;
  return (
    <>
      <Section
        id="api-key"
        title="Dashboard API key"
        description={
          <>
            The dashboard's server holds this key; the browser never sees it. Keys are managed with{" "}
            <Command>npm run admin -- keys …</Command>
          </>
        }
      >
        <Fields>
          <Field label="Name">{key.name}</Field>
          <Field label="Prefix">
            <code className="font-mono text-[13px]">{key.prefix}…</code>
          </Field>
          <Field label="Region">
            {key.region}
            {key.region_stale && (
              <span className="ml-2 text-amber-800 dark:text-amber-300">
                (the brandspace now lives in {me.brandspace.region}; the key's region is only a hint)
              </span>
            )}
          </Field>
          <Field label="Scopes">
            <ul className="flex flex-wrap gap-1" aria-label={`${key.scopes.length} scopes`}>
              {key.scopes.map((scope) => (
                <li key={scope}>
                  <Badge tone={scope.endsWith(":write") ? "blue" : "grey"} className="font-mono">
                    {scope}
                  </Badge>
                </li>
              ))}
            </ul>
          </Field>
          <Field label="Created">
            <time dateTime={key.created_at}>{formatDateTime(key.created_at)}</time>
          </Field>
          <Field label="Last used">
            {key.last_used_at ? <RelativeTime iso={key.last_used_at} /> : "Never"}
          </Field>
        </Fields>
      </Section>
      <Section
        id="acting-as"
        title="Acting as"
        description="A key acts as the member who created it: what the dashboard sees and may do follows their role."
      >
        <Fields>
          <Field label="Member">{creator.name}</Field>
          <Field label="Email">{creator.email}</Field>
          <Field label="Role">
            {rolesShown ? (
              <a href="#roles" className="text-accent-700 hover:underline dark:text-accent-100">
                {creator.role.name}
              </a>
            ) : (
              creator.role.name
            )}
          </Field>
        </Fields>
      </Section>
    </>
  );
}
