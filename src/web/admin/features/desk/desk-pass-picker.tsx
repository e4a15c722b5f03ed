import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { DeskPassOptionDto, DeskPassesDto } from '../../../../shared/api-types';
import { apiGet } from '../../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatGymDate } from '../../lib/format';

// The walk-in form's pass picker: as staff type the customer's name or e-mail, the passes of the
// matching customers (GET /api/desk/passes), those that may pay for this session selectable, the
// others shown with the reason (French, from the server). Picking one sends its orderId with the
// booking, which spends a credit in the seat's transaction.

const SEARCH_DELAY_MS = 300;

/** "3 crédits restants", "1 crédit restant", "illimité". */
export function creditsLabel(creditsLeft: number | null): string {
  if (creditsLeft == null) return 'illimité';
  return creditsLeft > 1 ? `${creditsLeft} crédits restants` : `${creditsLeft} crédit restant`;
}

/** The text typed after a pause: one request per pause, not per key. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function DeskPassPicker({
  sessionId,
  search,
  value,
  onChange,
}: {
  sessionId: string;
  /** The e-mail typed, else the name. */
  search: string;
  value: number | undefined;
  onChange: (orderId: number | undefined) => void;
}) {
  const q = useSettled(search.trim(), SEARCH_DELAY_MS);
  const enabled = q.length >= 2;
  const { data, isFetching, isError } = useQuery<DeskPassesDto>({
    queryKey: ['/api/desk', 'passes', sessionId, q],
    queryFn: () => apiGet<DeskPassesDto>(`/api/desk/passes?sessionId=${encodeURIComponent(sessionId)}&q=${encodeURIComponent(q)}`),
    enabled,
    staleTime: 0,
  });
  const options = useMemo(() => (enabled ? (data?.passes ?? []) : []), [enabled, data]);

  // A pass no longer listed as usable (another customer typed) is no longer picked.
  useEffect(() => {
    if (value !== undefined && data && !options.some((o) => o.orderId === value && o.usable)) onChange(undefined);
  }, [value, data, options, onChange]);

  return (
    <fieldset className="grid gap-2" data-testid="desk-pass-picker">
      <legend className="mb-1 text-sm font-medium text-gray-900">Pass du client</legend>
      {!enabled && <p className="text-xs text-gray-600">Tapez le nom ou l’e-mail du client pour voir ses pass.</p>}
      {enabled && isError && (
        <p role="alert" className="text-sm text-red-700">
          Impossible de lire les pass du client
        </p>
      )}
      {enabled && !isError && data && options.length === 0 && <p className="text-xs text-gray-600">Aucun pass payé pour ce client.</p>}
      {enabled && isFetching && !data && <p className="text-xs text-gray-600">Recherche des pass…</p>}
      {options.length > 0 && (
        <div className="grid gap-2" role="radiogroup" aria-label="Pass du client">
          <PassChoice id="desk-pass-none" checked={value === undefined} onSelect={() => onChange(undefined)} title="Sans pass" />
          {options.map((o) => (
            <PassChoice
              key={o.orderId}
              id={`desk-pass-${o.orderId}`}
              checked={value === o.orderId}
              disabled={!o.usable}
              onSelect={() => onChange(o.orderId)}
              title={`${o.passName} — ${creditsLabel(o.creditsLeft)}`}
              detail={describe(o)}
              refusal={o.refusal}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}

const describe = (o: DeskPassOptionDto) =>
  `${o.customerName}${o.customerEmail ? ` · ${o.customerEmail}` : ''} · du ${formatGymDate(o.startDate)} au ${formatGymDate(o.endDate)} · ${o.reference}`;

function PassChoice({
  id,
  checked,
  disabled,
  onSelect,
  title,
  detail,
  refusal,
}: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  title: string;
  detail?: string;
  refusal?: string | null;
}) {
  return (
    <label
      htmlFor={id}
      data-testid="desk-pass-option"
      className={cn(
        'flex min-w-0 items-start gap-3 rounded-md border px-3 py-2 text-sm',
        checked ? 'border-red-600 bg-red-50' : 'border-gray-300',
        disabled ? 'cursor-not-allowed bg-gray-50 text-gray-600' : 'cursor-pointer',
      )}
    >
      <input
        id={id}
        type="radio"
        name="desk-pass"
        className="mt-1 size-4 shrink-0 accent-red-600"
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        aria-describedby={refusal ? `${id}-refusal` : undefined}
      />
      <span className="grid min-w-0 gap-0.5">
        <span className="font-medium break-words text-gray-900">{title}</span>
        {detail && <span className="text-xs break-words text-gray-600">{detail}</span>}
        {refusal && (
          <span id={`${id}-refusal`} className="text-xs text-red-700">
            {refusal}
          </span>
        )}
      </span>
    </label>
  );
}
