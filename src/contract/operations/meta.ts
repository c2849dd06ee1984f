import { z } from "zod";
import { listOf, PAGE_LIMIT_MAX, PaginationQuery, pageLimit } from "../common.ts";
import { EventTypeRow } from "../events.ts";
import { Brandspace, Health, HealthQuery, KeyContext, Member, Role, Usage, UsageQuery } from "../meta.ts";
import { defineOperation } from "../operation.ts";

export const getHealth = defineOperation({
  id: "getHealth",
  method: "GET",
  path: "/v1/health",
  plane: "both",
  auth: "none",
  tag: "Meta",
  summary:
    "Readiness of this host and its dependencies (503 with the same body when one is down or the process is draining); `probe=live` for liveness.",
  query: HealthQuery,
  status: 200,
  response: Health,
  alsoAnswers: {
    status: 503,
    description: "A dependency is down, or the process is draining (`status` says which).",
  },
});

export const getOpenApi = defineOperation({
  id: "getOpenApi",
  method: "GET",
  path: "/v1/openapi.json",
  plane: "both",
  auth: "none",
  tag: "Meta",
  summary: "This OpenAPI 3.1 document.",
  status: 200,
  response: z.record(z.string(), z.unknown()),
});

export const getMe = defineOperation({
  id: "getMe",
  method: "GET",
  path: "/v1/me",
  plane: "central",
  auth: "key",
  tag: "Meta",
  summary: "The key's context: brandspace, key, creator, plan, limits and hosts.",
  status: 200,
  response: KeyContext,
});

export const getUsage = defineOperation({
  id: "getUsage",
  method: "GET",
  path: "/v1/usage",
  plane: "central",
  auth: "key",
  scope: "usage:read",
  tag: "Meta",
  summary:
    "The brandspace's rate-limit counters and monthly quota; `history` adds what was counted per minute or per day.",
  query: UsageQuery,
  status: 200,
  response: Usage,
});

/** The catalogue pages like any list, but its default page holds all of it. */
const EventTypesQuery = PaginationQuery.extend({
  limit: pageLimit(PAGE_LIMIT_MAX),
});

export const listEventTypes = defineOperation({
  id: "listEventTypes",
  method: "GET",
  path: "/v1/events",
  plane: "central",
  auth: "key",
  tag: "Meta",
  summary:
    "The catalogue of every subscribable event type (any valid key); by default all of it in one page.",
  status: 200,
  query: EventTypesQuery,
  response: listOf(EventTypeRow),
});

export const getBrandspace = defineOperation({
  id: "getBrandspace",
  method: "GET",
  path: "/v1/brandspace",
  plane: "central",
  auth: "key",
  scope: "brandspace:read",
  tag: "Meta",
  summary: "The key's brandspace.",
  status: 200,
  response: Brandspace,
});

export const listMembers = defineOperation({
  id: "listMembers",
  method: "GET",
  path: "/v1/members",
  plane: "central",
  auth: "key",
  scope: "brandspace:read",
  tag: "Meta",
  summary: "Members of the brandspace, in join order.",
  query: PaginationQuery,
  status: 200,
  response: listOf(Member),
});

export const getMember = defineOperation({
  id: "getMember",
  method: "GET",
  path: "/v1/members/{user_id}",
  plane: "central",
  auth: "key",
  scope: "brandspace:read",
  tag: "Meta",
  summary: "One member by user id.",
  params: z.strictObject({ user_id: z.string() }),
  status: 200,
  response: Member,
});

export const listRoles = defineOperation({
  id: "listRoles",
  method: "GET",
  path: "/v1/roles",
  plane: "central",
  auth: "key",
  scope: "brandspace:read",
  tag: "Meta",
  summary: "Roles of the brandspace with their permissions.",
  query: PaginationQuery,
  status: 200,
  response: listOf(Role),
});

export const metaOperations = [
  getHealth,
  getOpenApi,
  getMe,
  getUsage,
  listEventTypes,
  getBrandspace,
  listMembers,
  getMember,
  listRoles,
];
