export * from "./access.ts";
export * from "./comments.ts";
export * from "./content.ts";
export * from "./platform.ts";
export * from "./properties.ts";
export * from "./tenancy.ts";
export * from "./webhooks.ts";
