import { ArrowLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DiscountCodeDto } from '../../../shared/api-types';
import { formatThb } from '../../../shared/money';
import { ErrorAlert } from '../components/ui/alert';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useDisableCode, useDiscountCodes } from '../features/discount-codes/api';
import { CodeForm } from '../features/discount-codes/code-form';
import { usePasses } from '../features/orders/api';
import { formatGymDate, gymToday } from '../lib/format';

/**
 * Codes promo (issue 48 point 6), under Commandes: make, list with their uses, edit and disable
 * the discount codes the order forms take. Phone first: one card per code.
 */
export function DiscountCodesPage() {
  const { data, isLoading, isError } = useDiscountCodes();
  const passes = usePasses(true);
  const disable = useDisableCode();
  const [editing, setEditing] = useState<DiscountCodeDto | 'new' | null>(null);

  return (
    <>
      <Link to="/admin/orders" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-gray-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Retour aux commandes
      </Link>
      <PageHeader
        title="Codes promo"
        subtitle="Remises en % ou en baht sur des formules, les séjours ou les transferts"
        actions={
          editing === null && (
            <Button onClick={() => setEditing('new')} data-testid="code-new">
              <Plus className="h-4 w-4" aria-hidden />
              Nouveau code
            </Button>
          )
        }
      />
      {editing !== null && (
        <div className="mb-6">
          <CodeForm
            key={editing === 'new' ? 'new' : editing.id}
            editing={editing === 'new' ? null : editing}
            passes={passes.data ?? []}
            onDone={() => setEditing(null)}
          />
        </div>
      )}
      {isLoading && <Spinner />}
      {isError && <ErrorAlert>Impossible de charger les codes. Réessayez dans un instant.</ErrorAlert>}
      {data && data.length === 0 && <EmptyState title="Aucun code promo" />}
      {data && data.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Codes promo">
          {data.map((c) => (
            <li key={c.id}>
              <CodeCard
                code={c}
                passNames={new Map((passes.data ?? []).map((p) => [p.id, p.name.fr]))}
                onEdit={() => setEditing(c)}
                onDisable={() => disable.mutate(c.id)}
                busy={disable.isPending}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CodeCard({
  code: c,
  passNames,
  onEdit,
  onDisable,
  busy,
}: {
  code: DiscountCodeDto;
  passNames: Map<string, string>;
  onEdit: () => void;
  onDisable: () => void;
  busy: boolean;
}) {
  const today = gymToday();
  const state = c.disabledAt
    ? { tone: 'gray' as const, text: 'Désactivé' }
    : c.validTo && c.validTo < today
      ? { tone: 'yellow' as const, text: 'Expiré' }
      : c.maxUses != null && c.uses >= c.maxUses
        ? { tone: 'yellow' as const, text: 'Épuisé' }
        : { tone: 'green' as const, text: 'Actif' };
  const covers = [
    ...c.appliesTo.passIds.map((id) => passNames.get(id) ?? id),
    ...(c.appliesTo.stays ? ['Séjours'] : []),
    ...(c.appliesTo.pickups ? ['Transferts'] : []),
  ];
  return (
    <Card className="grid gap-2 p-4" data-testid="code-card" data-code={c.code}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-mono text-lg font-semibold wrap-anywhere text-gray-900">{c.code}</h2>
        <Badge tone={state.tone}>{state.text}</Badge>
      </div>
      <p className="text-sm text-gray-900">
        {c.percentOff != null ? `${c.percentOff} % de remise` : `${formatThb(c.amountOffSatang ?? 0, 'fr-FR')} de remise`} · {covers.join(', ')}
      </p>
      <p className="text-sm text-gray-700">
        {c.validFrom || c.validTo
          ? `Valable ${c.validFrom ? `du ${formatGymDate(c.validFrom, { year: true })} ` : ''}${c.validTo ? `au ${formatGymDate(c.validTo, { year: true })}` : 'sans fin'}`
          : 'Sans dates'}
      </p>
      <p className="text-sm text-gray-700" data-testid="code-uses">
        Utilisé {c.uses} fois{c.maxUses != null ? ` sur ${c.maxUses}` : ''}
        {c.maxUsesPerPerson != null ? ` · ${c.maxUsesPerPerson} par personne` : ''}
      </p>
      <div className="flex flex-wrap gap-2 pt-1">
        <Button variant="outline" size="sm" onClick={onEdit}>
          Modifier
        </Button>
        {!c.disabledAt && (
          <Button variant="outline" size="sm" onClick={onDisable} pending={busy}>
            Désactiver
          </Button>
        )}
      </div>
    </Card>
  );
}
