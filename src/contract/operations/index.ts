import type { Operation } from "../operation.ts";
import { libraryOperations } from "./libraries.ts";
import { metaOperations } from "./meta.ts";

export * from "./libraries.ts";
export * from "./meta.ts";

/** Every operation of the API, in documentation order. */
export const allOperations: Operation[] = [...metaOperations, ...libraryOperations];
