import { Tooltip } from 'radix-ui';
import { forwardRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

/** An icon-only button: its label is both the accessible name and a tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, ButtonProps & { label: string; children: ReactNode }>(function IconButton(
  { label, children, variant = 'ghost', ...props },
  ref,
) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <Button ref={ref} variant={variant} size="icon" aria-label={label} {...props}>
          {children}
        </Button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={4} className="z-[70] rounded bg-gray-900 px-2 py-1 text-xs text-white shadow">
          {label}
          <Tooltip.Arrow className="fill-gray-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
});
