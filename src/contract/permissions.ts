/** Permission strings carried by roles. A key acts as its creator, so these bound what a key can do. */
export const PERMISSIONS = [
  "brandspace.manage",
  "members.manage",
  "libraries.manage_all",
  "libraries.create",
  "files.upload",
  "files.edit",
  "files.delete",
  "files.download",
  "boards.manage_all",
  "boards.create",
  "properties.manage",
  "comments.create",
  "comments.manage",
  "pages.create",
  "pages.publish",
  "shared_links.create",
  "shared_links.manage",
  "transfers.create",
  "webhooks.manage",
  "usage.view",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface SeedRole {
  slug: string;
  name: string;
  description: string;
  isDefault: boolean;
  permissions: Permission[];
}

const editorPermissions: Permission[] = [
  "libraries.create",
  "files.upload",
  "files.edit",
  "files.delete",
  "files.download",
  "boards.create",
  "comments.create",
  "pages.create",
  "pages.publish",
  "shared_links.create",
  "transfers.create",
  "usage.view",
];

/** The five roles every brandspace starts with. */
export const SEED_ROLES: SeedRole[] = [
  {
    slug: "owner",
    name: "Owner",
    description: "Full control of the brandspace, its members, billing and settings.",
    isDefault: false,
    permissions: [...PERMISSIONS],
  },
  {
    slug: "admin",
    name: "Admin",
    description: "Manages all content, boards, members and integrations.",
    isDefault: false,
    permissions: PERMISSIONS.filter((p) => p !== "brandspace.manage"),
  },
  {
    slug: "editor",
    name: "Editor",
    description: "Uploads, organizes and shares assets in the libraries and boards granted to them.",
    isDefault: false,
    permissions: editorPermissions,
  },
  {
    slug: "commenter",
    name: "Commenter",
    description: "Views and downloads granted assets and takes part in reviews.",
    isDefault: false,
    permissions: ["files.download", "comments.create"],
  },
  {
    slug: "viewer",
    name: "Viewer",
    description: "Views and downloads the assets granted to them.",
    isDefault: true,
    permissions: ["files.download"],
  },
];

/** Levels of a library or board grant, each allowing what the one before does and more. */
export const ACCESS_LEVELS = ["view", "comment", "edit", "manage"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
