import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "../components/ui/button.tsx";
import { cn } from "./cn.ts";

describe("cn", () => {
  it("joins class names and skips falsy ones", () => {
    expect(cn("a", false, null, undefined, "", "b")).toBe("a b");
  });

  it("lets the later of two conflicting Tailwind classes win", () => {
    expect(cn("size-8", "size-9")).toBe("size-9");
    expect(cn("h-8 px-2.5", "px-4")).toBe("h-8 px-4");
    expect(cn("min-w-48 rounded-md", "min-w-44")).toBe("rounded-md min-w-44");
  });

  it("merges the theme's accent colours like Tailwind's own and keeps unknown utilities", () => {
    expect(cn("bg-zinc-200", "bg-accent-600")).toBe("bg-accent-600");
    expect(cn("text-accent-600 text-sm", "text-red-700")).toBe("text-sm text-red-700");
    expect(cn("skeleton rounded", "rounded-full")).toBe("skeleton rounded-full");
  });

  it("keeps variants apart: dark and hover classes do not override plain ones", () => {
    expect(cn("text-red-700 dark:text-red-400", "text-zinc-900")).toBe("dark:text-red-400 text-zinc-900");
  });
});

describe("Button", () => {
  it("emits only the caller's size when className overrides it", () => {
    const html = renderToStaticMarkup(createElement(Button, { size: "icon", className: "size-9" }));
    const classes = /class="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
    expect(classes).toContain("size-9");
    expect(classes).not.toContain("size-8");
  });
});
