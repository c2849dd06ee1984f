import { getLibrary, listLibraries } from "../../contract/operations/libraries.ts";
import { apiQuery, apiQueryAll } from "./query.ts";

export const librariesQuery = () => apiQueryAll(listLibraries);
export const libraryQuery = (libraryId: string) => apiQuery(getLibrary, { params: { libraryId } });
