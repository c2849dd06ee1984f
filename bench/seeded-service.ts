import { sql } from "drizzle-orm";
import { seedSyntheticFiles } from "../src/service/seed/synthetic-seed.ts";
import { startTestService } from "../src/service/testing/test-service.ts";

/** Rate limits no bench reaches: every request is still counted, none is refused. */
export const UNLIMITED_RATES =
  "sustained=100000000/1m,search=100000000/1m,month=1000000000/1mo,uploads=1000000/1h,downloads=1000000/1h";

/** The real service on a fresh database with BENCH_FILES (default 100,000) synthetic files, and how long they took. */
export async function startSeededService() {
  const count = Number(process.env.BENCH_FILES ?? 100_000);
  const service = await startTestService({ env: { RATE_LIMITS: UNLIMITED_RATES } });
  try {
    const started = Date.now();
    const seeded = await seedSyntheticFiles(service.deps.db, service.deps.blobs, {
      brandspaceId: service.seed.brandspaceId,
      files: count,
    });
    const seedSeconds = (Date.now() - started) / 1000;
    // The seed's pages are written out before anything is measured: PostgreSQL's checkpointer otherwise spreads
    // them over the first minutes, under whichever run comes first.
    await service.deps.db.execute(sql`checkpoint`);
    const headers = { authorization: `Bearer ${service.seed.ownerKey}` };
    return { service, seeded, count, headers, seedSeconds };
  } catch (error) {
    await service.close();
    throw error;
  }
}
