import { Switch as RSwitch } from 'radix-ui';

export function Switch({
  id,
  checked,
  onCheckedChange,
  disabled,
  'aria-describedby': ariaDescribedBy,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <RSwitch.Root
      id={id}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-describedby={ariaDescribedBy}
      className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-gray-400 transition-colors focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-red-700"
    >
      <RSwitch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
    </RSwitch.Root>
  );
}
