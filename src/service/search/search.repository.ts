import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { members, users } from "../db/schema/index.ts";
import type { SearchMember } from "./query-findings.ts";

/** The brandspace's members (any status: past uploaders stay searchable), for "by <name>". */
export function searchMembers(db: Db, brandspaceId: string): Promise<SearchMember[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.brandspaceId, brandspaceId));
}
