export * from "./access.ts";
export * from "./platform.ts";
export * from "./tenancy.ts";
export * from "./content.ts";
export * from "./properties.ts";
