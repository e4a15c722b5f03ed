import type { AuditEntryDto } from '../../../../shared/api-types';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/format';

// POST is many things (a creation, a reply, an erasure): named by what it is where it matters.
const METHOD_LABELS: Record<string, string> = { POST: 'Action', PUT: 'Modification', PATCH: 'Modification', DELETE: 'Suppression', GET: 'Consultation' };
const METHOD_TONES: Record<string, BadgeTone> = { POST: 'green', PUT: 'blue', PATCH: 'blue', DELETE: 'purple', GET: 'gray' };
const ROUTE_LABELS: Record<string, string> = { '/api/auth/logout': 'Déconnexion', '/api/personal-data/erase': 'Effacement' };

/** Sign-in, sign-out and erasure read better in words than as routes; a failed sign-in stands out. */
function action(e: Pick<AuditEntryDto, 'method' | 'route' | 'status'>): { label: string; tone: BadgeTone } {
  if (e.route === '/api/auth/login') return e.status < 400 ? { label: 'Connexion', tone: 'green' } : { label: 'Connexion échouée', tone: 'red' };
  return { label: ROUTE_LABELS[e.route] ?? METHOD_LABELS[e.method] ?? e.method, tone: METHOD_TONES[e.method] ?? 'gray' };
}

const statusTone = (status: number): BadgeTone => (status < 300 ? 'green' : status < 500 ? 'yellow' : 'red');

/** One entry of the journal: when, what (in words and as the route), who, from where, on what, and the answer's status. */
export function JournalEntry({ entry: e }: { entry: AuditEntryDto }) {
  return (
    <li className="grid gap-1 p-4 md:grid-cols-[11rem_1fr_auto] md:items-start md:gap-4" data-testid="journal-entry">
      <div className="text-sm text-gray-700">
        <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
      </div>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={action(e).tone}>{action(e).label}</Badge>
          <code className="text-sm wrap-anywhere text-gray-900">
            {e.method} {e.route}
          </code>
        </div>
        <p className="mt-1 text-sm wrap-anywhere text-gray-800">
          <span className="font-medium">{e.userEmail ?? 'Anonyme'}</span>
          {e.ip && <span className="text-gray-700"> · {e.ip}</span>}
          {e.entityType && (
            <span className="text-gray-700">
              {' '}
              · {e.entityType}
              {e.entityId ? ` #${e.entityId}` : ''}
            </span>
          )}
        </p>
        {e.summary && <p className="mt-1 text-xs wrap-anywhere text-gray-700">Champs : {e.summary}</p>}
      </div>
      <div>
        <Badge tone={statusTone(e.status)}>{e.status}</Badge>
      </div>
    </li>
  );
}
