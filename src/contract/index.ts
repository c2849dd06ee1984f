export * from "./common.ts";
export * from "./errors.ts";
export * from "./events.ts";
export * from "./meta.ts";
export * from "./operation.ts";
export * from "./operations/index.ts";
export * from "./permissions.ts";
export * from "./scopes.ts";
