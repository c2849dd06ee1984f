import { type KeyContext, RATE_COUNTERS } from "../../../contract/meta.ts";
import { formatCount } from "../../lib/format.ts";
import { COUNTERS, perWindow } from "./counters.ts";

/** The plan's limit and window of every counter, from the key context. */
export function PlanLimits({ me }: { me: KeyContext }) {
  return (
    <section aria-labelledby="plan-heading" className="mx-6 mt-8">
      <h2 id="plan-heading" className="font-semibold text-lg">
        Plan <span className="font-normal text-zinc-600 capitalize dark:text-zinc-400">{me.plan.name}</span>
      </h2>
      <table className="mt-2 w-full max-w-xl text-left text-sm">
        <caption className="sr-only">Limits of the {me.plan.name} plan</caption>
        <thead className="border-zinc-200 border-b text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
          <tr>
            <th scope="col" className="py-2 font-medium">
              Counter
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Limit
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {RATE_COUNTERS.map((counter) => (
            <tr key={counter}>
              <th scope="row" className="py-2 font-normal">
                {COUNTERS[counter].title}
              </th>
              <td className="py-2 text-right tabular-nums">
                {formatCount(me.limits[counter].limit)} {perWindow(me.limits[counter].window)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        Limits count for the whole brandspace. Every answer carries RateLimit-Limit, RateLimit-Remaining and
        RateLimit-Reset headers for the tightest counter it used.
      </p>
    </section>
  );
}
