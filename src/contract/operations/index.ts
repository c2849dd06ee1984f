import type { Operation } from "../operation.ts";
import { metaOperations } from "./meta.ts";

export * from "./meta.ts";

/** Every operation of the API, in documentation order. */
export const allOperations: Operation[] = [...metaOperations];
