import { DropdownMenu } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/** Dropdown and context menus, and their submenus, share one look. */
export const MENU_CONTENT =
  "z-50 min-w-48 rounded-md border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900";

const ITEM =
  "flex cursor-default items-center gap-2 rounded px-2 py-1.5 outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800";

export type MenuItemVariant = "default" | "danger";
const ITEM_VARIANTS: Record<MenuItemVariant, string> = {
  default: "",
  danger: "text-red-700 dark:text-red-400",
};

export type MenuLabelVariant = "default" | "note";
const LABEL_VARIANTS: Record<MenuLabelVariant, string> = {
  default: "",
  // Why the items below are disabled: it may be a long sentence.
  note: "max-w-64 text-xs text-zinc-600 dark:text-zinc-400",
};

type Variant<V> = { variant?: V };

function Item({
  variant = "default",
  className,
  ...props
}: ComponentProps<typeof DropdownMenu.Item> & Variant<MenuItemVariant>) {
  return <DropdownMenu.Item className={cn(ITEM, ITEM_VARIANTS[variant], className)} {...props} />;
}

function RadioItem({ className, ...props }: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return <DropdownMenu.RadioItem className={cn(ITEM, className)} {...props} />;
}

function SubTrigger({ className, ...props }: ComponentProps<typeof DropdownMenu.SubTrigger>) {
  return <DropdownMenu.SubTrigger className={cn(ITEM, className)} {...props} />;
}

function SubContent({ className, ...props }: ComponentProps<typeof DropdownMenu.SubContent>) {
  return <DropdownMenu.SubContent className={cn(MENU_CONTENT, className)} {...props} />;
}

function Label({
  variant = "default",
  className,
  ...props
}: ComponentProps<typeof DropdownMenu.Label> & Variant<MenuLabelVariant>) {
  return <DropdownMenu.Label className={cn("px-2 py-1.5", LABEL_VARIANTS[variant], className)} {...props} />;
}

function Separator({ className, ...props }: ComponentProps<typeof DropdownMenu.Separator>) {
  return (
    <DropdownMenu.Separator className={cn("my-1 h-px bg-zinc-200 dark:bg-zinc-800", className)} {...props} />
  );
}

/**
 * The parts a menu's items are made of: Radix's, styled, with `variant` where a part has more than one look
 * (`<M.Item variant="danger">`).
 */
export const menuKit = {
  Item,
  RadioItem,
  RadioGroup: DropdownMenu.RadioGroup,
  ItemIndicator: DropdownMenu.ItemIndicator,
  Sub: DropdownMenu.Sub,
  SubTrigger,
  SubContent,
  Portal: DropdownMenu.Portal,
  Label,
  Separator,
};
