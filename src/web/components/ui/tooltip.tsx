import { Slot } from "radix-ui";
import { cloneElement, type ReactElement, type ReactNode, useId, useState } from "react";
import { onDemand, useOnDemand } from "../../lib/on-demand.ts";
import { useTooltipOpen } from "./use-tooltip-open.ts";

const bubbleModule = onDemand(() => import("./tooltip-bubble.tsx"));
const loadBubble = () => void bubbleModule.load().catch(() => {});

type Trigger = ReactElement<{ "aria-describedby"?: string }>;

/**
 * A short hint on hover and keyboard focus; used to say why a control is disabled. The trigger is described by
 * a hidden copy of the hint at all times, so screen readers get it without the bubble. The bubble's code loads
 * when the pointer or focus first reaches the trigger and positions itself against the trigger as it is: the
 * trigger is never wrapped anew, so it keeps its focus.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: Trigger }) {
  const descriptionId = useId();
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  const { open, triggerHandlers, bubbleHandlers } = useTooltipOpen(loadBubble);
  const bubble = useOnDemand(bubbleModule);
  const describedBy = [children.props["aria-describedby"], descriptionId].filter(Boolean).join(" ");
  return (
    <>
      <Slot.Root ref={setTrigger} {...triggerHandlers}>
        {cloneElement(children, { "aria-describedby": describedBy })}
      </Slot.Root>
      <span id={descriptionId} hidden>
        {content}
      </span>
      {open && trigger && bubble && (
        <bubble.TooltipBubble anchor={trigger} {...bubbleHandlers}>
          {content}
        </bubble.TooltipBubble>
      )}
    </>
  );
}
