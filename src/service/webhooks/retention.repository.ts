import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";

export const DELIVERY_KEEP_PER_ENDPOINT = 10_000;
export const DELIVERY_MAX_AGE_DAYS = 30;

/** The spec's delivery history limits: the last 10,000 per endpoint, none older than 30 days. Pending work stays. */
export async function pruneDeliveries(db: Db): Promise<number> {
  const result = await db.execute(sql`
    delete from webhook_deliveries where id in (
      select id from (
        select id, status, created_at,
          row_number() over (partition by webhook_id order by created_at desc, id desc) as rn
        from webhook_deliveries
      ) ranked
      where status not in ('pending', 'parked')
        and (rn > ${DELIVERY_KEEP_PER_ENDPOINT} or created_at < now() - ${`${DELIVERY_MAX_AGE_DAYS} days`}::interval)
    )
    returning id`);
  return rowsOf(result).length;
}
