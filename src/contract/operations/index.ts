import type { Operation } from "../operation.ts";
import { folderOperations } from "./folders.ts";
import { libraryOperations } from "./libraries.ts";
import { metaOperations } from "./meta.ts";

export * from "./files.ts";
export * from "./folders.ts";
export * from "./libraries.ts";
export * from "./meta.ts";
export * from "./uploads.ts";

/** Every operation of the API, in documentation order. */
export const allOperations: Operation[] = [...metaOperations, ...libraryOperations, ...folderOperations];
