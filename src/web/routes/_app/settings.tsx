import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { scopeSatisfied } from "../../../contract/scopes.ts";
import { meQuery, useAccess } from "../../api/access.ts";
import { brandspaceQuery, membersQuery, rolesQuery } from "../../api/meta.ts";
import { BrandspaceSection } from "../../components/settings/brandspace-section.tsx";
import { KeySection } from "../../components/settings/key-section.tsx";
import { MembersSection } from "../../components/settings/members-section.tsx";
import { RolesSection } from "../../components/settings/roles-section.tsx";
import { PageHeader } from "../../components/shell/page-header.tsx";
import { AccessNotice } from "../../components/ui/access-notice.tsx";
import { PageSkeleton } from "../../components/ui/skeleton.tsx";

export const Route = createFileRoute("/_app/settings")({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery());
    if (scopeSatisfied(me.key.scopes, "brandspace:read")) {
      await Promise.all([
        queryClient.ensureQueryData(brandspaceQuery()),
        queryClient.ensureQueryData(membersQuery()),
        queryClient.ensureQueryData(rolesQuery()),
      ]);
    }
  },
  pendingComponent: PageSkeleton,
  component: SettingsPage,
});

function SettingsPage() {
  const { data: me } = useSuspenseQuery(meQuery());
  const denial = useAccess().denial("brandspace:read");
  return (
    <div className="max-w-5xl pb-10">
      <PageHeader title="Settings" />
      <p className="-mt-2 px-6 text-sm text-zinc-600 dark:text-zinc-400">
        Read-only: the API has no operations that change these; the admin command line does.
      </p>
      {denial ? (
        <div className="pt-6">
          <AccessNotice title="The brandspace, its members and roles are not available" reason={denial} />
        </div>
      ) : (
        <BrandspaceSection />
      )}
      <KeySection me={me} rolesShown={!denial} />
      {!denial && <MembersSection youId={me.creator.id} />}
      {!denial && <RolesSection roleId={me.creator.role.id} />}
    </div>
  );
}
