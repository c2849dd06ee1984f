import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import {
  BarChart3,
  Files,
  FileText,
  LayoutGrid,
  Library,
  LogOut,
  type LucideIcon,
  MessageSquare,
  Moon,
  Plus,
  Send,
  Settings,
  Share2,
  SlidersHorizontal,
  Sun,
  Tag,
  Trash2,
  Webhook,
} from "lucide-react";
import { useAccess } from "../../api/access.ts";
import { logOut } from "../../api/session.ts";
import { applyTheme, isDark } from "../../lib/theme.ts";
import { toast } from "../../lib/toast.ts";

export interface PaletteAction {
  id: string;
  label: string;
  icon: LucideIcon;
  group: "Go to" | "Actions";
  keywords: string[];
  /** Why the action is unavailable, shown in place of running it. */
  denial?: string | null;
  run: () => void | Promise<void>;
}

/** The palette's commands: navigation to every section, and the few global actions. */
export function usePaletteActions({ onNewLibrary }: { onNewLibrary: () => void }): PaletteAction[] {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useAccess();
  const dark = isDark();
  const go = (
    id: string,
    label: string,
    icon: LucideIcon,
    to: string,
    keywords: string[],
  ): PaletteAction => ({
    id,
    label,
    icon,
    group: "Go to",
    keywords: ["go", "open", ...keywords],
    run: () => navigate({ to }),
  });
  return [
    go("go-libraries", "Libraries", Library, "/", ["home", "collections"]),
    go("go-files", "All files", Files, "/files", ["assets", "browse"]),
    go("go-boards", "Boards", LayoutGrid, "/boards", ["collections", "moodboard", "pinned"]),
    go("go-properties", "Properties", SlidersHorizontal, "/properties", ["fields", "metadata", "status"]),
    go("go-tags", "Tags", Tag, "/tags", ["keywords", "labels", "rename", "merge"]),
    go("go-comments", "Comments", MessageSquare, "/comments", ["review", "feedback", "inbox", "mentions"]),
    go("go-pages", "Pages", FileText, "/pages", ["brand", "guidelines", "portal", "publish"]),
    go("go-shared-links", "Shared links", Share2, "/shared-links", ["share", "public", "visitors", "links"]),
    go("go-transfers", "Transfers", Send, "/transfers", ["send", "zip", "wetransfer", "deliver"]),
    go("go-trash", "Trash", Trash2, "/trash", ["deleted", "restore", "bin"]),
    go("go-webhooks", "Webhooks", Webhook, "/webhooks", ["endpoints", "deliveries", "integrations"]),
    go("go-usage", "Usage", BarChart3, "/usage", ["limits", "quota", "rate"]),
    go("go-settings", "Settings", Settings, "/settings", ["brandspace", "members", "roles", "api key"]),
    {
      id: "new-library",
      label: "New library…",
      icon: Plus,
      group: "Actions",
      keywords: ["create", "add", "library"],
      denial: access.denial("libraries:write", "libraries.create"),
      run: onNewLibrary,
    },
    {
      id: "toggle-theme",
      label: dark ? "Switch to light theme" : "Switch to dark theme",
      icon: dark ? Sun : Moon,
      group: "Actions",
      keywords: ["theme", "dark", "light", "mode", "appearance", "toggle"],
      run: () => applyTheme(dark ? "light" : "dark"),
    },
    {
      id: "sign-out",
      label: "Sign out",
      icon: LogOut,
      group: "Actions",
      keywords: ["log out", "exit"],
      run: async () => {
        try {
          await logOut();
        } catch (error) {
          toast.error(`Signing out failed: ${(error as Error).message}`);
          return;
        }
        queryClient.clear();
        await navigate({ to: "/login", search: {} });
      },
    },
  ];
}
