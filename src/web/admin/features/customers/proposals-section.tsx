import { Link } from 'react-router';
import type { CustomerDetailDto, CustomerProposalDto } from '../../../../shared/api-types';
import { LANGUAGE_NAMES_FR } from '../../../../shared/i18n/languages';
import type { CustomerDetail } from '../../../../shared/schemas/customers';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useAdoptDetail } from './api';

// Decision 173: a public form with this customer's e-mail never rewrites their record. What it
// gave that differs is listed here, one line per value, for staff to adopt when it is the
// customer's own (a new number, a corrected name, another language).

const LINE: Record<CustomerDetail, string> = {
  name: 'Nouveau nom donné',
  phone: 'Nouveau téléphone donné',
  language: 'Nouvelle langue donnée',
};
const ADOPTED: Record<CustomerDetail, string> = { name: 'Nom mis à jour', phone: 'Téléphone mis à jour', language: 'Langue mise à jour' };
const FIELD: Record<CustomerDetail, string> = { name: 'le nom', phone: 'le téléphone', language: 'la langue' };

/** The value as staff read it: a language by its French name. */
const shown = (p: CustomerProposalDto) => (p.field === 'language' ? (LANGUAGE_NAMES_FR[p.value as keyof typeof LANGUAGE_NAMES_FR] ?? p.value) : p.value);

/** Where it was typed, with a link where the back office has a page for it. */
function Origin({ p }: { p: CustomerProposalDto }) {
  const when = formatDateTime(p.at);
  if (p.from.kind === 'order')
    return (
      <Link to={`/admin/orders/${p.from.id}`} className="text-red-800 hover:underline">
        la commande du {when}
      </Link>
    );
  if (p.from.kind === 'message')
    return (
      <Link to={`/admin/messages/${p.from.id}`} className="text-red-800 hover:underline">
        le message du {when}
      </Link>
    );
  return <>la réservation du {when}</>;
}

/** "Nouveau téléphone donné : +7 …" and its "Adopter" button; nothing when no value differs. */
export function ProposalsSection({ c }: { c: CustomerDetailDto }) {
  const adopt = useAdoptDetail(c.id);
  const run = useAction();
  if (c.proposals.length === 0) return null;
  const take = (p: CustomerProposalDto) =>
    run(() => adopt.mutateAsync({ field: p.field, from: p.from }), { success: ADOPTED[p.field], failure: "La valeur n'a pas pu être adoptée." });
  return (
    <section aria-labelledby="client-proposals">
      <Card className="border-amber-300 bg-amber-50 p-4 sm:p-6">
        <h2 id="client-proposals" className="text-lg font-semibold text-gray-900">
          Coordonnées données sur un formulaire
        </h2>
        <p className="mb-3 text-sm text-gray-800">
          Tapées avec l’e-mail ou le téléphone de ce client ; la fiche n’a pas changé. Adoptez celles qui viennent bien de lui.
        </p>
        <ul className="divide-y divide-amber-200" aria-label="Valeurs proposées">
          {c.proposals.map((p) => (
            <li key={`${p.field}:${p.value}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3" data-testid="client-proposal">
              <div className="min-w-0">
                <p className="font-medium break-words text-gray-900">
                  {LINE[p.field]} : {shown(p)}
                </p>
                <p className="text-sm text-gray-700">
                  Donné par <Origin p={p} />
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                pending={
                  adopt.isPending && adopt.variables?.field === p.field && adopt.variables.from.kind === p.from.kind && adopt.variables.from.id === p.from.id
                }
                disabled={adopt.isPending}
                onClick={() => void take(p)}
                aria-label={`Adopter ${FIELD[p.field]} ${shown(p)}`}
              >
                Adopter
              </Button>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
