import { useState } from 'react';
import type { DiscountCodeDto, PassDto } from '../../../../shared/api-types';
import { discountCodeSchema } from '../../../../shared/schemas/discount-codes';
import { ApiError } from '../../../lib/api-client';
import { passErrorFr } from '../../lib/pass-errors';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/field';
import { bahtInputText, parseBahtInput } from '../../lib/baht-input';
import { useSaveCode } from './api';

interface Draft {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  passIds: string[];
  stays: boolean;
  pickups: boolean;
  validFrom: string;
  validTo: string;
  maxUses: string;
  maxUsesPerPerson: string;
}

const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  passIds: [],
  stays: false,
  pickups: false,
  validFrom: '',
  validTo: '',
  maxUses: '',
  maxUsesPerPerson: '',
};

const draftOf = (c: DiscountCodeDto): Draft => ({
  code: c.code,
  kind: c.percentOff != null ? 'percent' : 'amount',
  value: c.percentOff != null ? String(c.percentOff) : bahtInputText(c.amountOffSatang ?? 0),
  passIds: c.appliesTo.passIds,
  stays: c.appliesTo.stays,
  pickups: c.appliesTo.pickups,
  validFrom: c.validFrom ?? '',
  validTo: c.validTo ?? '',
  maxUses: c.maxUses != null ? String(c.maxUses) : '',
  maxUsesPerPerson: c.maxUsesPerPerson != null ? String(c.maxUsesPerPerson) : '',
});

const count = (v: string) => (v.trim() === '' ? null : Number(v));

/** The payload of the draft, checked by the route's own schema (errors by field, in French). */
function payloadOf(d: Draft) {
  const value = d.kind === 'percent' ? (d.value.trim() === '' ? null : Number(d.value)) : parseBahtInput(d.value);
  return discountCodeSchema.safeParse({
    code: d.code,
    percentOff: d.kind === 'percent' ? value : null,
    amountOffSatang: d.kind === 'amount' ? (value ?? -1) : null,
    appliesTo: { passIds: d.passIds, stays: d.stays, pickups: d.pickups },
    validFrom: d.validFrom || null,
    validTo: d.validTo || null,
    maxUses: count(d.maxUses),
    maxUsesPerPerson: count(d.maxUsesPerPerson),
  });
}

/** Make a code, or edit one (`editing`); the dates are gym dates. */
export function CodeForm({ editing, passes, onDone }: { editing: DiscountCodeDto | null; passes: PassDto[]; onDone: () => void }) {
  const [d, setD] = useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const save = useSaveCode();
  const set = (patch: Partial<Draft>) => setD((v) => ({ ...v, ...patch }));

  const submit = async () => {
    setFailed(null);
    const parsed = payloadOf(d);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0] === 'amountOffSatang' ? 'percentOff' : i.path[0])] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: editing?.id ?? null, data: parsed.data });
      onDone();
    } catch (err) {
      setFailed(passErrorFr(err) ?? ((err instanceof ApiError && err.serverMessage) || 'Enregistrement impossible. Réessayez.'));
    }
  };

  const check = 'h-5 w-5 shrink-0 accent-red-600';
  return (
    <Card className="grid gap-4 p-4 sm:p-5" data-testid="code-form">
      <h2 className="font-semibold text-gray-900">{editing ? `Modifier ${editing.code}` : 'Nouveau code'}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="code-text" label="Code" error={errors.code} hint="Lettres, chiffres et tirets ; majuscules ou minuscules, c’est le même code.">
          <Input id="code-text" value={d.code} onChange={(e) => set({ code: e.target.value })} autoCapitalize="characters" className="uppercase" />
        </Field>
        <Field id="code-value" label={d.kind === 'percent' ? 'Remise (%)' : 'Remise (baht)'} error={errors.percentOff}>
          <div className="flex gap-2">
            <select
              aria-label="Type de remise"
              className="h-10 rounded-md border border-gray-300 bg-white px-2 text-sm"
              value={d.kind}
              onChange={(e) => set({ kind: e.target.value as Draft['kind'], value: '' })}
            >
              <option value="percent">%</option>
              <option value="amount">฿</option>
            </select>
            <Input id="code-value" inputMode="decimal" value={d.value} onChange={(e) => set({ value: e.target.value })} />
          </div>
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-gray-900">S’applique à</legend>
        {errors.appliesTo && (
          <p role="alert" className="text-sm text-red-700">
            {errors.appliesTo}
          </p>
        )}
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input type="checkbox" className={check} checked={d.stays} onChange={(e) => set({ stays: e.target.checked })} />
          Séjours (chambres)
        </label>
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input type="checkbox" className={check} checked={d.pickups} onChange={(e) => set({ pickups: e.target.checked })} />
          Transferts aéroport
        </label>
        <div className="grid gap-1 sm:grid-cols-2">
          {passes.map((p) => (
            <label key={p.id} className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className={check}
                checked={d.passIds.includes(p.id)}
                onChange={(e) => set({ passIds: e.target.checked ? [...d.passIds, p.id] : d.passIds.filter((x) => x !== p.id) })}
              />
              <span className="min-w-0 wrap-anywhere">{p.name.fr}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="code-from" label="Valable du (date de la salle)" error={errors.validFrom}>
          <Input id="code-from" type="date" value={d.validFrom} onChange={(e) => set({ validFrom: e.target.value })} />
        </Field>
        <Field id="code-to" label="Au (inclus)" error={errors.validTo}>
          <Input id="code-to" type="date" value={d.validTo} onChange={(e) => set({ validTo: e.target.value })} />
        </Field>
        <Field id="code-max" label="Utilisations au total" hint="Vide : sans limite" error={errors.maxUses}>
          <Input id="code-max" inputMode="numeric" value={d.maxUses} onChange={(e) => set({ maxUses: e.target.value })} />
        </Field>
        <Field id="code-person" label="Utilisations par personne" hint="Vide : sans limite" error={errors.maxUsesPerPerson}>
          <Input id="code-person" inputMode="numeric" value={d.maxUsesPerPerson} onChange={(e) => set({ maxUsesPerPerson: e.target.value })} />
        </Field>
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {failed}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void submit()} pending={save.isPending} data-testid="code-save">
          Enregistrer
        </Button>
        <Button variant="outline" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </Card>
  );
}
