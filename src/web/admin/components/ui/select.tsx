import { Check, ChevronDown } from 'lucide-react';
import { Select as RSelect } from 'radix-ui';
import { cn } from '../../lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

/** Radix select with a visible trigger; id/aria-label name it for assistive tech. */
export function Select({
  value,
  onValueChange,
  options,
  id,
  placeholder,
  disabled,
  className,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: {
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <RSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RSelect.Trigger
        id={id}
        aria-label={ariaLabel}
        aria-invalid={ariaInvalid}
        aria-describedby={ariaDescribedBy}
        className={cn(
          'inline-flex h-10 w-full items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900',
          'focus:border-red-600 focus:ring-2 focus:ring-red-600/30 focus:outline-none disabled:bg-gray-100 disabled:text-gray-600',
          'aria-[invalid=true]:border-red-600 data-[placeholder]:text-gray-600',
          className,
        )}
      >
        <RSelect.Value placeholder={placeholder} />
        <RSelect.Icon>
          <ChevronDown className="h-4 w-4 opacity-70" aria-hidden />
        </RSelect.Icon>
      </RSelect.Trigger>
      <RSelect.Portal>
        <RSelect.Content
          position="popper"
          sideOffset={4}
          className="z-[60] max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg"
        >
          <RSelect.Viewport className="p-1">
            {options.map((o) => (
              <RSelect.Item
                key={o.value}
                value={o.value}
                className="relative flex cursor-default items-center rounded py-2 pr-2 pl-8 text-sm text-gray-900 outline-none select-none data-[highlighted]:bg-gray-100"
              >
                <RSelect.ItemIndicator className="absolute left-2 inline-flex">
                  <Check className="h-4 w-4" aria-hidden />
                </RSelect.ItemIndicator>
                <RSelect.ItemText>{o.label}</RSelect.ItemText>
              </RSelect.Item>
            ))}
          </RSelect.Viewport>
        </RSelect.Content>
      </RSelect.Portal>
    </RSelect.Root>
  );
}
