export * from "./access.ts";
export * from "./platform.ts";
export * from "./tenancy.ts";
