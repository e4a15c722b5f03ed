import { useState } from 'react';
import type { MeBookingDto, MePageDto } from '../../../shared/api-types';
import { dateTimeFormat, todayInZone } from '../../../shared/gym-time';
import { formatThb } from '../../../shared/money';
import { buttonClass } from '../../components/ui/button';
import { useIntlLocale, useT, type Translate } from '../../i18n/i18n';
import { errorCode } from '../../lib/api-client';
import { gymTimeZone } from '../../lib/gym-zone';
import { useAction } from '../../lib/use-action';
import { DatesForm, FlightForm, LessonMoveForm, LetterForm, MoveForm, PauseForm } from './me-forms';
import { askForLetter, payLink, readPage, runMeAction, type MeAction } from './me-queries';

// The signed-in traveller's records on My page (issue 47 point 2): classes, lessons, waiting
// lists, passes, orders, stays and visa letters, each with the actions the manage link or the
// order page offers. Days are gym days (GYM_TIMEZONE), printed in the page's language.

const day = (date: string, locale: string) =>
  dateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

function refused(err: unknown, t: Translate): string {
  const code = errorCode(err);
  if (code === 'rate_limited') return t('me.tooMany');
  if (code === 'slot_full' || code === 'rooms_full' || code === 'waitlist_offer_gone') return t('me.refused.full');
  // The lesson link's own words: the trainer's time was taken meanwhile.
  if (code === 'trainer_busy' || code === 'lesson_slot_unavailable') return t('lesson.busy');
  if (code === 'pause_over_limit' || code === 'pause_in_past' || code === 'pause_not_allowed' || code === 'pass_not_pausable') return t('me.refused.pause');
  if (code && (code.includes('cancelled') || code.includes('started') || code.includes('closed') || code === 'link_superseded')) return t('me.refused.closed');
  return t('me.actionFailed');
}

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section className="mt-8 border-t border-ink-700 pt-6" data-testid={testId}>
      <h3 className="font-display-tight text-2xl">{title}</h3>
      <ul className="mt-4 grid gap-4">{children}</ul>
    </section>
  );
}

const Item = ({ children, testId }: { children: React.ReactNode; testId?: string }) => (
  <li className="rounded-card border border-ink-700 bg-ink-950/40 p-4 text-base break-words" data-testid={testId}>
    {children}
  </li>
);
const Line = ({ children }: { children: React.ReactNode }) => <p className="mt-1 text-sm text-ink-300">{children}</p>;
const actions = 'mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap';

export default function MeRecords({ page, onPage }: { page: MePageDto; onPage: (next: MePageDto) => void }) {
  const t = useT();
  const locale = useIntlLocale();
  const today = todayInZone(gymTimeZone());
  const money = (satang: number) => formatThb(satang, locale);
  const [open, setOpen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const act = useAction(runMeAction, {
    onSuccess: (next) => {
      setFailure(null);
      setOpen(null);
      onPage(next);
    },
    onError: (err) => setFailure(refused(err, t)),
  });
  const pay = useAction(payLink, { onSuccess: ({ url }) => window.location.assign(url), onError: (err) => setFailure(refused(err, t)) });
  // The request answers its own state; the page is read again to show it (and no second request).
  const letter = useAction(async (x: { id: number; body: Record<string, string> }) => (await askForLetter(x.id, x.body), readPage()), {
    onSuccess: (next) => {
      setFailure(null);
      setOpen(null);
      onPage(next);
    },
    onError: (err) => setFailure(refused(err, t)),
  });
  const run = (a: MeAction) => act.run(a);
  const toggle = (key: string) => setOpen(open === key ? null : key);
  const when = (b: { gymDate: string; gymTime: string }) => `${day(b.gymDate, locale)} · ${b.gymTime}`;

  const booking = (b: MeBookingDto) => (
    <Item key={b.id} testId="me-booking">
      <p className="font-bold">{b.course}</p>
      <Line>
        {when(b)}
        {b.trainer ? ` · ${t('me.lessons.with', { trainer: b.trainer })}` : ''}
      </Line>
      {b.status === 'cancelled' && <Line>{b.cancelledBy === 'gym' ? t('me.bookings.cancelledByGym') : t('me.bookings.cancelled')}</Line>}
      {(b.canCancel || b.canMove || b.lessonMove) && (
        <div className={actions}>
          {b.canCancel && (
            <button
              type="button"
              disabled={act.pending}
              onClick={() => run({ kind: 'cancel', id: b.id })}
              className={buttonClass('outline', 'sm', 'w-full sm:w-auto')}
            >
              {t('me.bookings.cancel')}
            </button>
          )}
          {(b.canMove || b.lessonMove) && (
            <button type="button" onClick={() => toggle(`move-${b.id}`)} className={buttonClass('ghost', 'sm', 'w-full sm:w-auto')}>
              {t('me.bookings.move')}
            </button>
          )}
        </div>
      )}
      {open === `move-${b.id}` &&
        (b.lessonMove ? (
          <LessonMoveForm lesson={b} run={run} pending={act.pending} onClose={() => setOpen(null)} />
        ) : (
          <MoveForm booking={b} today={today} run={run} pending={act.pending} onClose={() => setOpen(null)} />
        ))}
    </Item>
  );

  return (
    <div data-testid="me-records">
      {failure && (
        <p role="alert" className="mt-6 text-base font-semibold text-danger-400" data-testid="me-action-failure">
          {failure}
        </p>
      )}
      <Section title={t('me.bookings.title')} testId="me-bookings">
        {page.bookings.upcoming.length === 0 && <li className="text-ink-300">{t('me.bookings.none')}</li>}
        {page.bookings.upcoming.map(booking)}
      </Section>
      {page.lessons.length > 0 && (
        <Section title={t('me.lessons.title')} testId="me-lessons">
          {page.lessons.map(booking)}
        </Section>
      )}
      {page.waitlist.length > 0 && (
        <Section title={t('me.waitlist.title')} testId="me-waitlist">
          {page.waitlist.map((w) => (
            <Item key={w.id}>
              <p className="font-bold">{w.course}</p>
              <Line>{when(w)}</Line>
              <Line>
                {w.status === 'offered' && w.offerExpiresAt
                  ? t('me.waitlist.offered', {
                      time: dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: gymTimeZone() }).format(new Date(w.offerExpiresAt)),
                    })
                  : w.position != null
                    ? t('me.waitlist.position', { position: w.position })
                    : w.status === 'booked'
                      ? t('me.waitlist.booked')
                      : t('me.waitlist.out')}
              </Line>
              {w.position != null && (
                <div className={actions}>
                  {w.status === 'offered' && (
                    <button
                      type="button"
                      disabled={act.pending}
                      onClick={() => run({ kind: 'accept', id: w.id })}
                      className={buttonClass('primary', 'sm', 'w-full sm:w-auto')}
                    >
                      {t('me.waitlist.accept')}
                    </button>
                  )}
                  <button
                    type="button"
                    disabled={act.pending}
                    onClick={() => run({ kind: 'leave', id: w.id })}
                    className={buttonClass('outline', 'sm', 'w-full sm:w-auto')}
                  >
                    {t('me.waitlist.leave')}
                  </button>
                </div>
              )}
            </Item>
          ))}
        </Section>
      )}
      {page.passes.length > 0 && (
        <Section title={t('me.passes.title')} testId="me-passes">
          {page.passes.map((p) => (
            <Item key={p.orderId} testId="me-pass">
              <p className="font-bold">{p.name}</p>
              <Line>{p.creditsLeft == null ? t('me.passes.unlimited') : t('me.passes.credits', { left: p.creditsLeft, total: p.credits ?? 0 })}</Line>
              <Line>{t('me.passes.until', { date: day(p.endDate, locale) })}</Line>
              {p.weeklyLimit != null && <Line>{t('me.passes.weekly', { n: p.weeklyLimit })}</Line>}
              {p.pausedDays > 0 && <Line>{t('me.passes.paused', { days: p.pausedDays })}</Line>}
              {p.pauseDaysLeft > 0 && open !== `pause-${p.orderId}` && (
                <button type="button" onClick={() => toggle(`pause-${p.orderId}`)} className={buttonClass('ghost', 'sm', 'mt-3 w-full sm:w-auto')}>
                  {t('me.passes.pause')}
                </button>
              )}
              {open === `pause-${p.orderId}` && <PauseForm pass={p} today={today} run={run} pending={act.pending} onClose={() => setOpen(null)} />}
            </Item>
          ))}
        </Section>
      )}
      {page.stays.length > 0 && (
        <Section title={t('me.stays.title')} testId="me-stays">
          {page.stays.map((s) => (
            <Item key={s.orderId}>
              <p className="font-bold">{s.roomType}</p>
              <Line>
                {day(s.checkIn, locale)} – {day(s.checkOut, locale)}
                {s.room ? ` · ${t('me.stays.room', { room: s.room })}` : ''}
              </Line>
              {s.pickup && (
                <>
                  <Line>{t('me.stays.pickup', { airport: s.pickup.airport })}</Line>
                  <Line>
                    {s.pickup.flightNumber
                      ? t('me.stays.flight', {
                          flight: s.pickup.flightNumber,
                          time: `${day(s.pickup.arrivesAt.slice(0, 10), locale)} ${s.pickup.arrivesAt.slice(11, 16)}`,
                        })
                      : t('me.stays.noFlight')}
                  </Line>
                </>
              )}
              <div className={actions}>
                {s.pickup && (
                  <button type="button" onClick={() => toggle(`flight-${s.orderId}`)} className={buttonClass('ghost', 'sm', 'w-full sm:w-auto')}>
                    {t('me.stays.giveFlight')}
                  </button>
                )}
                {s.checkIn > today && (
                  <button type="button" onClick={() => toggle(`dates-${s.orderId}`)} className={buttonClass('ghost', 'sm', 'w-full sm:w-auto')}>
                    {t('me.stays.changeDates')}
                  </button>
                )}
              </div>
              {open === `flight-${s.orderId}` && <FlightForm stay={s} run={run} pending={act.pending} onClose={() => setOpen(null)} />}
              {open === `dates-${s.orderId}` && <DatesForm stay={s} today={today} run={run} pending={act.pending} onClose={() => setOpen(null)} />}
            </Item>
          ))}
        </Section>
      )}
      {page.visaLetters.length > 0 && (
        <Section title={t('me.letters.title')} testId="me-letters">
          {page.visaLetters.map((l) => (
            <Item key={l.orderId} testId="me-letter">
              <p className="font-bold">{l.programme}</p>
              <Line>
                {l.status === 'issued'
                  ? t('me.letters.issued', { date: l.validUntil ? day(l.validUntil, locale) : '' })
                  : l.status === 'requested'
                    ? t('me.letters.requested')
                    : l.status === 'revoked'
                      ? t('me.letters.revoked')
                      : t('me.letters.none')}
              </Line>
              {/* Asked for once: the state shows, never a second request (the gym prepares it). */}
              {l.canRequest && open !== `letter-${l.orderId}` && (
                <button
                  type="button"
                  onClick={() => toggle(`letter-${l.orderId}`)}
                  className={buttonClass('ghost', 'sm', 'mt-3 w-full sm:w-auto')}
                  data-testid="me-letter-request"
                >
                  {t('me.letters.request')}
                </button>
              )}
              {l.pdfUrl && (
                <a href={l.pdfUrl} className={buttonClass('primary', 'sm', 'mt-3 w-full sm:w-auto')} data-testid="me-letter-pdf">
                  {t('me.letters.download')}
                </a>
              )}
              {l.canRequest && open === `letter-${l.orderId}` && (
                <LetterForm onSend={(body) => letter.run({ id: l.orderId, body })} pending={letter.pending} onClose={() => setOpen(null)} />
              )}
            </Item>
          ))}
        </Section>
      )}
      {page.orders.length > 0 && (
        <Section title={t('me.orders.title')} testId="me-orders">
          {page.orders.map((o) => (
            <Item key={o.id}>
              <p className="font-bold">
                {o.name} <span className="font-normal text-ink-300">· {o.reference}</span>
              </p>
              <Line>
                {t('me.orders.total', { amount: money(o.totalSatang) })} · {t('me.orders.paid', { amount: money(o.paidSatang) })}
              </Line>
              {o.balanceSatang > 0 && (
                <Line>
                  {o.balanceDueDate
                    ? t('me.orders.balanceBy', { amount: money(o.balanceSatang), date: day(o.balanceDueDate, locale) })
                    : t('me.orders.balance', { amount: money(o.balanceSatang) })}
                </Line>
              )}
              <div className={actions}>
                {o.canPay && (
                  <button type="button" disabled={pay.pending} onClick={() => pay.run(o.id)} className={buttonClass('primary', 'sm', 'w-full sm:w-auto')}>
                    {t('me.orders.pay')}
                  </button>
                )}
                {o.receiptUrl && (
                  <a href={o.receiptUrl} className={buttonClass('ghost', 'sm', 'w-full sm:w-auto')} target="_blank" rel="noopener">
                    {t('me.orders.receipt')}
                  </a>
                )}
              </div>
            </Item>
          ))}
        </Section>
      )}
      {page.bookings.past.length > 0 && (
        <Section title={t('me.bookings.past')} testId="me-past">
          {page.bookings.past.slice(0, 20).map(booking)}
        </Section>
      )}
    </div>
  );
}
