import { useQuery } from "@tanstack/react-query";
import type { Member } from "../../../contract/meta.ts";
import { membersQuery } from "../../api/meta.ts";
import { formatDateTime } from "../../lib/format.ts";
import { Badge, type Tone } from "../ui/badge.tsx";
import { ListTable } from "../ui/list-table.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { Command, Section } from "./section.tsx";

const STATUS: Record<Member["status"], { label: string; tone: Tone }> = {
  active: { label: "Active", tone: "green" },
  invited: { label: "Invited", tone: "blue" },
  deactivated: { label: "Deactivated", tone: "grey" },
};

function MemberRow({ member, you }: { member: Member; you: boolean }) {
  return (
    <tr>
      <th scope="row" className="py-2.5 pr-3 font-medium">
        {member.name}
        {you && (
          <span className="ml-1.5 font-normal text-zinc-600 dark:text-zinc-400">(the dashboard's key)</span>
        )}
      </th>
      <td className="truncate px-3 py-2.5">{member.email}</td>
      <td className="px-3 py-2.5">{member.role.name}</td>
      <td className="px-3 py-2.5">
        <Badge tone={STATUS[member.status].tone}>{STATUS[member.status].label}</Badge>
      </td>
      <td className="py-2.5 pl-3 text-zinc-600 dark:text-zinc-400">
        {member.joined_at ? <time dateTime={member.joined_at}>{formatDateTime(member.joined_at)}</time> : "—"}
      </td>
    </tr>
  );
}

/** The brandspace's members, read-only: they change through the admin command line. */
export function MembersSection({ youId }: { youId: string }) {
  const members = useQuery(membersQuery());
  return (
    <Section
      id="members"
      title="Members"
      description={
        <>
          Managed with <Command>npm run admin -- members …</Command> (add, remove, set-role).
        </>
      }
    >
      {members.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : members.error ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {members.error.message}
        </p>
      ) : (
        <ListTable
          caption="Members"
          minWidth="min-w-[40rem]"
          inset="flush"
          columns={[
            { key: "name", label: "Name" },
            { key: "email", label: "Email", className: "w-[30%]" },
            { key: "role", label: "Role", className: "w-32" },
            { key: "status", label: "Status", className: "w-32" },
            { key: "joined", label: "Joined", className: "w-44" },
          ]}
        >
          {members.data.map((member) => (
            <MemberRow key={member.id} member={member} you={member.id === youId} />
          ))}
        </ListTable>
      )}
    </Section>
  );
}
