import { cn } from "../../lib/cn.ts";
import { Button, type ButtonProps } from "./button.tsx";
import { Tooltip } from "./tooltip.tsx";

/**
 * A button the dashboard's key or the user's role may not allow. When `denial` is set it stays focusable and
 * hoverable (aria-disabled, not disabled) so that its tooltip can say why it does nothing.
 */
export function GuardedButton({
  denial,
  onClick,
  className,
  ...props
}: ButtonProps & { denial: string | null }) {
  // An icon alone says little: hovering it names the action, as the denial's tooltip does when it is held.
  const title = props.title ?? (props.size === "icon" ? props["aria-label"] : undefined);
  if (!denial) return <Button onClick={onClick} className={className} {...props} title={title} />;
  return (
    <Tooltip content={denial}>
      <Button
        {...props}
        aria-disabled="true"
        className={cn(className, "cursor-not-allowed opacity-60")}
        onClick={(event) => event.preventDefault()}
      />
    </Tooltip>
  );
}
