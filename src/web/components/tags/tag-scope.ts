/** The library the Tags screen shows and changes, or null for every library the user can see or edit. */
export type TagScope = { id: string; name: string } | null;
