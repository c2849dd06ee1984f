import type { KeyContext } from "../../../contract/meta.ts";
import { formatDateTime } from "../../lib/format.ts";
import { Badge } from "../ui/badge.tsx";
import { DetailList, DetailRow } from "../ui/detail-list.tsx";
import { RelativeTime } from "../ui/relative-time.tsx";
import { Command, Section } from "./section.tsx";

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
        <DetailList>
          <DetailRow label="Name">{key.name}</DetailRow>
          <DetailRow label="Prefix">
            <code className="font-mono text-[13px]">{key.prefix}…</code>
          </DetailRow>
          <DetailRow label="Region">
            {key.region}
            {key.region_stale && (
              <span className="ml-2 text-amber-800 dark:text-amber-300">
                (the brandspace now lives in {me.brandspace.region}; the key's region is only a hint)
              </span>
            )}
          </DetailRow>
          <DetailRow label="Scopes">
            <ul className="flex flex-wrap gap-1" aria-label={`${key.scopes.length} scopes`}>
              {key.scopes.map((scope) => (
                <li key={scope}>
                  <Badge tone={scope.endsWith(":write") ? "blue" : "grey"} className="font-mono">
                    {scope}
                  </Badge>
                </li>
              ))}
            </ul>
          </DetailRow>
          <DetailRow label="Created">
            <time dateTime={key.created_at}>{formatDateTime(key.created_at)}</time>
          </DetailRow>
          <DetailRow label="Last used">
            {key.last_used_at ? <RelativeTime iso={key.last_used_at} /> : "Never"}
          </DetailRow>
        </DetailList>
      </Section>
      <Section
        id="acting-as"
        title="Acting as"
        description="A key acts as the member who created it: what the dashboard sees and may do follows their role."
      >
        <DetailList>
          <DetailRow label="Member">{creator.name}</DetailRow>
          <DetailRow label="Email">{creator.email}</DetailRow>
          <DetailRow label="Role">
            {rolesShown ? (
              <a href="#roles" className="text-accent-700 hover:underline dark:text-accent-100">
                {creator.role.name}
              </a>
            ) : (
              creator.role.name
            )}
          </DetailRow>
        </DetailList>
      </Section>
    </>
  );
}
