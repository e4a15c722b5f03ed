import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { DashboardTodayDto } from '../../../../shared/api-types';
import { formatThb } from '../../../../shared/money';
import { ErrorAlert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatGymDate, gymClockTime, gymToday } from '../../lib/format';
import { TodayEmpty, TodayRow, TodaySection } from './today-section';

// The desk's day (issue 46 point 3), first on the dashboard: what needs someone today, in the
// gym's time zone, each line a tap from the screen where it is handled.

const money = (satang: number) => formatThb(satang, 'fr-FR');
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
/** 'YYYY-MM-DDTHH:MM' gym wall time → 'HH:MM'. */
const wallTime = (at: string) => at.slice(11, 16);
/** An offer's end, short: "jusqu'à 11:30" the same gym day, else "jusqu'au 10 déc., 11:30". */
function until(at: string, today: string): string {
  const date = gymToday(new Date(at));
  const time = gymClockTime(at);
  if (date === today) return `jusqu’à ${time}`;
  const [, m, day] = date.split('-').map(Number);
  const month = new Intl.DateTimeFormat('fr-FR', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, m - 1, 1)));
  return `jusqu’au ${day} ${month}, ${time}`;
}
const deskDay = (date: string) => `/admin/reservations?vue=jour&date=${date}`;

function Classes({ d }: { d: DashboardTodayDto }) {
  return (
    <TodaySection id="today-classes" title="Cours du jour" to={deskDay(d.date)} linkLabel="Réservations">
      {d.closed && <TodayEmpty>Le club est fermé aujourd’hui.</TodayEmpty>}
      {!d.closed && d.classes.length === 0 && <TodayEmpty>Aucun cours aujourd’hui.</TodayEmpty>}
      {!d.closed &&
        d.classes.map((c) => (
          <TodayRow
            key={c.weeklySessionId}
            testId="today-class"
            to={deskDay(d.date)}
            tone={c.cancelled ? 'muted' : c.booked >= c.capacity ? 'alert' : 'normal'}
            label={`${c.time} · ${c.course}`}
            detail={[
              c.cancelled ? 'Annulé' : null,
              c.coach,
              c.waiting > 0 ? `${c.waiting} en liste d’attente` : null,
              c.offered > 0 ? plural(c.offered, 'place proposée', 'places proposées') : null,
            ]
              .filter(Boolean)
              .join(' · ')}
            figure={c.cancelled ? '—' : `${c.booked}/${c.capacity}`}
          />
        ))}
    </TodaySection>
  );
}

function Stays({ d }: { d: DashboardTodayDto }) {
  const arriving = new Set(d.arrivals.map((s) => s.orderId));
  // Pickups of an arriving stay show on its line; the others (a pickup alone) get their own.
  const alone = d.pickups.filter((p) => !arriving.has(p.orderId));
  const flight = (p: { airport: string; flightNumber: string | null; arrivesAt: string }) =>
    `Transfert ${p.airport} ${wallTime(p.arrivesAt)} · ${p.flightNumber ? `vol ${p.flightNumber}` : 'vol non communiqué'}`;
  const owed = (n: number) => (n > 0 ? `reste ${money(n)}` : undefined);
  const empty = d.arrivals.length + d.departures.length + alone.length === 0;
  return (
    <TodaySection id="today-stays" title="Arrivées et départs" to="/admin/arrivals" linkLabel="Arrivées">
      {empty && <TodayEmpty>Aucune arrivée, aucun départ ni transfert aujourd’hui.</TodayEmpty>}
      {d.arrivals.map((s) => (
        <TodayRow
          key={`a${s.orderId}`}
          testId="today-arrival"
          to="/admin/arrivals"
          label={`Arrivée · ${s.name}`}
          detail={[s.roomTypeName, plural(s.guests, 'pers.', 'pers.'), s.pickup ? flight(s.pickup) : null, s.done ? 'arrivé' : null]
            .filter(Boolean)
            .join(' · ')}
          figure={owed(s.owedSatang)}
          tone={s.owedSatang > 0 ? 'alert' : 'normal'}
        />
      ))}
      {d.departures.map((s) => (
        <TodayRow
          key={`d${s.orderId}`}
          testId="today-departure"
          to="/admin/arrivals"
          label={`Départ · ${s.name}`}
          detail={[s.roomTypeName, s.roomLabel ? `chambre ${s.roomLabel}` : null, s.done ? 'parti' : null].filter(Boolean).join(' · ')}
          figure={owed(s.owedSatang)}
          tone={s.owedSatang > 0 ? 'alert' : 'normal'}
        />
      ))}
      {alone.map((p) => (
        <TodayRow key={`p${p.orderId}`} testId="today-pickup" to="/admin/arrivals" label={`Transfert · ${p.name}`} detail={flight(p)} />
      ))}
    </TodaySection>
  );
}

function Lessons({ d }: { d: DashboardTodayDto }) {
  return (
    <TodaySection id="today-lessons" title="Cours privés" to="/admin/cours-prives" linkLabel="Planning">
      {d.lessons.length === 0 && <TodayEmpty>Aucun cours privé aujourd’hui.</TodayEmpty>}
      {d.lessons.map((l) => (
        <TodayRow
          key={l.id}
          testId="today-lesson"
          to="/admin/cours-prives"
          label={`${l.time} · ${l.name}`}
          detail={[l.trainerName, l.discipline, `${l.minutes} min`, l.guests > 1 ? `${l.guests} pers.` : null].filter(Boolean).join(' · ')}
        />
      ))}
    </TodaySection>
  );
}

function Money({ d }: { d: DashboardTodayDto }) {
  const { awaitingPayment, depositPaid, overdue } = d.money;
  return (
    <TodaySection id="today-money" title="À encaisser" to="/admin/orders" linkLabel="Commandes">
      <TodayRow
        testId="today-owed"
        to="/admin/orders?statut=awaiting-payment"
        label="En attente de paiement"
        detail={plural(awaitingPayment.count, 'commande', 'commandes')}
        figure={money(awaitingPayment.satang)}
      />
      <TodayRow
        testId="today-deposit"
        to="/admin/orders?statut=deposit-paid"
        label="Acompte versé, solde dû"
        detail={plural(depositPaid.count, 'commande', 'commandes')}
        figure={money(depositPaid.satang)}
      />
      {overdue.count === 0 ? (
        <TodayEmpty>Aucun solde en retard.</TodayEmpty>
      ) : (
        <>
          <li className="bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
            En retard : {plural(overdue.count, 'commande', 'commandes')}, {money(overdue.satang)}
          </li>
          {overdue.items.map((o) => (
            <TodayRow
              key={o.orderId}
              testId="today-overdue"
              to={`/admin/orders/${o.orderId}`}
              label={o.name}
              detail={`${o.reference} · dû le ${formatGymDate(o.dueDate, { weekday: false, year: false })}`}
              figure={money(o.owedSatang)}
              tone="alert"
            />
          ))}
        </>
      )}
    </TodaySection>
  );
}

function Messages({ d }: { d: DashboardTodayDto }) {
  const m = d.messages;
  return (
    <TodaySection id="today-messages" title="Messages" to="/admin/messages" linkLabel="Messages">
      {m.unreadConversations === 0 && <TodayEmpty>Aucune conversation non lue.</TodayEmpty>}
      {m.latest.map((c) => (
        <TodayRow
          key={c.id}
          testId="today-conversation"
          to={`/admin/messages/${c.id}`}
          label={c.userName}
          detail={c.subject}
          figure={plural(c.unread, 'non lu', 'non lus')}
          tone="alert"
        />
      ))}
      {m.unreadConversations > m.latest.length && (
        <TodayRow to="/admin/messages" label={`${m.unreadConversations - m.latest.length} autres conversations non lues`} />
      )}
      {m.newContacts > 0 && (
        <TodayRow
          testId="today-contacts"
          to="/admin/newsletter?onglet=contact&statut=new"
          label="Messages de contact nouveaux"
          figure={String(m.newContacts)}
        />
      )}
      {m.heldMails > 0 && <TodayRow testId="today-held" to="/admin/messages" label="E-mails retenus à vérifier" figure={String(m.heldMails)} tone="alert" />}
    </TodaySection>
  );
}

function Offers({ d }: { d: DashboardTodayDto }) {
  return (
    <TodaySection id="today-offers" title="Places proposées (liste d’attente)" to={deskDay(d.date)} linkLabel="Réservations">
      {d.offers.length === 0 && <TodayEmpty>Aucune place proposée en ce moment.</TodayEmpty>}
      {d.offers.map((o) => (
        <TodayRow
          key={o.id}
          testId="today-offer"
          to={deskDay(o.sessionDate)}
          label={o.name}
          detail={`${o.course} · ${o.sessionDate === d.date ? 'aujourd’hui' : formatGymDate(o.sessionDate, { year: false })} à ${gymClockTime(o.startsAt)}`}
          figure={o.expiresAt ? until(o.expiresAt, d.date) : undefined}
        />
      ))}
    </TodaySection>
  );
}

/** The day in figures, first on a phone: each a jump to its part below. */
function Summary({ d }: { d: DashboardTodayDto }) {
  const m = d.messages;
  const items: [string, number, string, boolean][] = [
    ['today-classes', d.classes.filter((c) => !c.cancelled).length, 'cours', false],
    ['today-stays', d.arrivals.length, d.arrivals.length > 1 ? 'arrivées' : 'arrivée', false],
    ['today-stays', d.departures.length, d.departures.length > 1 ? 'départs' : 'départ', false],
    ['today-lessons', d.lessons.length, d.lessons.length > 1 ? 'cours privés' : 'cours privé', false],
    ['today-money', d.money.overdue.count, 'en retard', d.money.overdue.count > 0],
    ['today-messages', m.unreadConversations + m.newContacts, 'à lire', false],
    ['today-messages', m.heldMails, m.heldMails > 1 ? 'e-mails retenus' : 'e-mail retenu', m.heldMails > 0],
    ['today-offers', d.offers.length, d.offers.length > 1 ? 'offres' : 'offre', false],
  ];
  return (
    <nav aria-label="La journée en bref" data-testid="today-summary">
      <ul className="grid grid-cols-4 gap-2 lg:grid-cols-8">
        {items.map(([target, n, label, alert]) => (
          <li key={label}>
            <a
              href={`#${target}`}
              className={cn(
                'flex min-h-14 flex-col items-center justify-center rounded-lg border px-1 py-1.5 text-center focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none',
                alert ? 'border-red-300 bg-red-50 text-red-800' : 'border-gray-200 bg-white text-gray-900',
              )}
            >
              <span className="text-lg leading-tight font-bold tabular-nums">{n}</span>
              <span className="text-xs leading-tight">{label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function TodayPanel() {
  const { data: live, isError } = useQuery<DashboardTodayDto>({ queryKey: ['/api/dashboard/today'] });
  // The answer is drawn at a deferred priority, in short tasks: the phone's main thread is never
  // held for the whole panel at once (issue 46 point 4).
  const data = useDeferredValue(live);
  // A screen's height while loading: the totals below stay out of sight instead of jumping down (layout shift).
  if (!data && !isError)
    return (
      <div className="min-h-screen">
        <Spinner label="Chargement de la journée..." />
      </div>
    );
  if (isError || !data) return <ErrorAlert>Impossible de charger la journée. Réessayez dans un instant.</ErrorAlert>;
  return (
    <div data-testid="today" className="grid gap-4">
      <p className="text-sm font-medium text-gray-800" data-testid="today-date">
        Aujourd’hui, {formatGymDate(data.date, { year: false })}
      </p>
      <Summary d={data} />
      <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-3">
        <Classes d={data} />
        <Stays d={data} />
        <Lessons d={data} />
        <Money d={data} />
        <Messages d={data} />
        <Offers d={data} />
      </div>
    </div>
  );
}
