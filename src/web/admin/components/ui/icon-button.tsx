import { forwardRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Tip } from './tip';

/** An icon-only button: its label is both the accessible name and a tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, ButtonProps & { label: string; children: ReactNode }>(function IconButton(
  { label, children, variant = 'ghost', ...props },
  ref,
) {
  return (
    <Tip label={label}>
      <Button ref={ref} variant={variant} size="icon" aria-label={label} {...props}>
        {children}
      </Button>
    </Tip>
  );
});
