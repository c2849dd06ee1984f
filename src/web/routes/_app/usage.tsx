import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { RATE_COUNTERS } from "../../../contract/meta.ts";
import { getUsage } from "../../../contract/operations/meta.ts";
import { scopeSatisfied } from "../../../contract/scopes.ts";
import { meQuery, useAccess } from "../../api/access.ts";
import { usageQuery } from "../../api/meta.ts";
import { PageHeader } from "../../components/shell/page-header.tsx";
import { AccessNotice } from "../../components/ui/access-notice.tsx";
import { Button } from "../../components/ui/button.tsx";
import { RelativeTime } from "../../components/ui/relative-time.tsx";
import { PageSkeleton } from "../../components/ui/skeleton.tsx";
import { PlanLimits } from "../../components/usage/plan-limits.tsx";
import { UsageHistory } from "../../components/usage/usage-history.tsx";
import { UsageMeter } from "../../components/usage/usage-meter.tsx";
import { cn } from "../../lib/cn.ts";

const REFRESH_MS = 30_000;

/** Re-renders every few seconds, so that "resets in 20 seconds" stays true between refreshes. */
function useTick(ms: number): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
}

const UsageSearch = z.object({ period: z.enum(["minute", "day"]).optional().catch(undefined) });

export const Route = createFileRoute("/_app/usage")({
  validateSearch: UsageSearch,
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery());
    if (scopeSatisfied(me.key.scopes, "usage:read")) await queryClient.ensureQueryData(usageQuery());
  },
  pendingComponent: PageSkeleton,
  component: UsagePage,
});

function UsagePage() {
  const queryClient = useQueryClient();
  useTick(5_000);
  const me = useQuery(meQuery());
  const denial = useAccess().denial("usage:read", "usage.view");
  const usage = useQuery({ ...usageQuery(), enabled: !denial, refetchInterval: REFRESH_MS });
  const { period = "minute" } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <div className="pb-10">
      <PageHeader
        title="Usage"
        actions={
          !denial && (
            <>
              {usage.dataUpdatedAt > 0 && (
                <span className="text-sm text-zinc-600 dark:text-zinc-400">
                  Updated <RelativeTime iso={new Date(usage.dataUpdatedAt).toISOString()} />
                </span>
              )}
              <Button
                variant="secondary"
                onClick={() => void queryClient.invalidateQueries({ queryKey: [getUsage.id] })}
                disabled={usage.isFetching}
                aria-label="Refresh usage"
              >
                <RefreshCw className={cn("size-4", usage.isFetching && "animate-spin")} aria-hidden="true" />
                Refresh
              </Button>
            </>
          )
        }
      />
      {denial ? (
        <AccessNotice title="Usage is not available to this dashboard" reason={denial} />
      ) : usage.error ? (
        <p role="alert" className="mx-6 text-red-600 text-sm dark:text-red-400">
          The usage could not be loaded: {usage.error.message}
        </p>
      ) : (
        usage.data &&
        me.data && (
          <ul
            className="grid grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] gap-4 px-6"
            aria-label="Rate-limit counters"
          >
            {RATE_COUNTERS.map((counter) => (
              <UsageMeter
                key={counter}
                counter={counter}
                value={usage.data[counter]}
                window={me.data.limits[counter].window}
              />
            ))}
          </ul>
        )
      )}
      {!denial && (
        <UsageHistory
          granularity={period}
          onGranularityChange={(next) =>
            void navigate({ search: { period: next === "minute" ? undefined : next }, replace: true })
          }
          refreshMs={REFRESH_MS}
        />
      )}
      {me.data && <PlanLimits me={me.data} />}
    </div>
  );
}
