import { Tooltip } from 'radix-ui';
import type { ReactElement } from 'react';

/**
 * A tooltip on an icon-only control (button or link) showing its accessible name on hover and
 * keyboard focus; the child keeps its own aria-label (the tooltip is not its name).
 */
export function Tip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={4} className="z-[110] rounded bg-gray-900 px-2 py-1 text-xs text-white shadow">
          {label}
          <Tooltip.Arrow className="fill-gray-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
