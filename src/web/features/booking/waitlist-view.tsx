import { Hourglass, ListX } from 'lucide-react';
import { useState } from 'react';
import { instantToZoned, zoneLabel } from '../../../shared/gym-time';
import type { WaitlistEntryDto } from '../../../shared/api-types';
import { buttonClass } from '../../components/ui/button';
import { ErasedNotice } from '../../components/ui/erased-notice';
import { isErased } from '../../lib/link-read';
import { LinkPageShell, linkPageWaiting } from './link-page';
import { errorCode, errorText } from '../../lib/api-client';
import { gymTimeZone } from '../../lib/gym-zone';
import { WAITLIST_ERROR_KEYS } from '../../i18n/errors';
import { useLocalePath, useT, useTimetableWording, useZoneLabel, type Translate } from '../../i18n/i18n';
import { useResource } from '../../lib/resource';
import { clockText, dayText } from '../../lib/timetable';
import { useAction } from '../../lib/use-action';
import { wordFit } from '../../lib/word-fit';
import { acceptOffer, leaveWaitlist, waitlistEntryQuery } from './waitlist-queries';

// A place on a waiting list behind /booking/waitlist/:token, the link shown on joining and in
// the offer e-mail: its place in line or its offer, with "Take the place" and "Leave". Mail
// scanners follow links, so loading the page only reads; accepting and leaving are button presses.

function failureText(err: unknown, t: Translate): string {
  const code = errorCode(err);
  const key = code ? WAITLIST_ERROR_KEYS[code] : undefined;
  return key ? t(key) : errorText(err, t('manage.failed'));
}

export default function WaitlistView({ token }: { token: string }) {
  const query = useResource(waitlistEntryQuery(token));
  const entry = query.data;
  const t = useT();
  const lp = useLocalePath();
  const w = useTimetableWording();
  const zoneIn = useZoneLabel();
  const [failure, setFailure] = useState<unknown>(null);
  const settle = (next: WaitlistEntryDto) => {
    setFailure(null);
    query.setData(next);
  };
  const accept = useAction((_: void) => acceptOffer(token), { onSuccess: settle, onError: (err) => (setFailure(err), void query.refetch()) });
  const leave = useAction((_: void) => leaveWaitlist(token), { onSuccess: settle, onError: setFailure });

  const waiting = linkPageWaiting(query, t, 'waitlist.loading', 'waitlist.loadFailed');
  if (waiting) return waiting;
  if (isErased(entry)) {
    return (
      <LinkPageShell>
        <ErasedNotice />
      </LinkPageShell>
    );
  }
  if (!entry) {
    return (
      <LinkPageShell>
        <div className="py-12 text-center" data-testid="waitlist-not-found">
          <ListX aria-hidden className="mx-auto size-12 text-blood-500" />
          <p className="mt-4 text-lg text-ink-300">{t('waitlist.notFound')}</p>
          <a href={lp('/booking')} className={buttonClass('primary', 'md', 'mt-8')}>
            {t('manage.bookClass')}
          </a>
        </div>
      </LinkPageShell>
    );
  }

  const zone = gymTimeZone();
  const at = (iso: string) => {
    const g = instantToZoned(iso, zone);
    return { date: dayText(g.date, 'long', w), time: clockText(g.time, w) };
  };
  const start = at(entry.startsAt);
  const zoneText = zoneIn(zoneLabel(zone, new Date(entry.startsAt)));
  const deadline = entry.offerExpiresAt ? at(entry.offerExpiresAt) : null;
  const busy = accept.pending || leave.pending;
  // A class begun, or an open offer someone else took first: nothing left to do here (issue 47 point 3).
  const over = (entry.classPassed && entry.state !== 'booked') || entry.seatTaken;
  const stillWaiting = (entry.state === 'waiting' || entry.state === 'offered') && !over;
  const inLine = stillWaiting && entry.link === 'current';

  let status: string;
  if (entry.classPassed && entry.state !== 'booked' && entry.state !== 'left') status = t('waitlist.passed');
  else if (entry.seatTaken) status = t('waitlist.seatTaken');
  else if (entry.state === 'waiting') status = t('waitlist.waiting', { position: entry.position ?? 1 });
  else if (entry.state === 'offered')
    status = entry.held && deadline ? t('waitlist.offeredHeld', { deadline: `${deadline.date}, ${deadline.time}`, zone: zoneText }) : t('waitlist.offeredOpen');
  else if (entry.state === 'ended') status = t('waitlist.endedCancelled');
  else status = t(`waitlist.${entry.state}`);
  const outcome = entry.classPassed ? 'passed' : entry.seatTaken ? 'seat_taken' : entry.state;

  return (
    <LinkPageShell>
      <p className="mb-3 text-eyebrow font-bold tracking-(--text-eyebrow--letter-spacing) text-blood-400 uppercase">{t('manage.eyebrow')}</p>
      <h1 className="font-display-tight text-display-sm-fit" style={wordFit(t('waitlist.title'))}>
        {t('waitlist.title')}
      </h1>
      <article
        className="mt-6 rounded-card border border-ink-700 bg-ink-900 p-6 sm:p-8"
        data-testid="waitlist-entry"
        data-state={entry.state}
        data-outcome={outcome}
      >
        <h2 className="font-display-tight text-3xl break-words">{entry.course}</h2>
        <p className="mt-2 text-base text-ink-300">{t('waitlist.class', { course: entry.course, date: start.date, time: start.time, zone: zoneText })}</p>
        <p
          role="status"
          aria-live="polite"
          className={`mt-6 flex items-start gap-3 rounded-card border p-4 text-lg font-bold ${entry.state === 'offered' || entry.state === 'booked' ? 'border-success-400/50 bg-success-900 text-success-400' : 'border-ink-600 bg-ink-950 text-bone-50'}`}
          data-testid="waitlist-status"
        >
          <Hourglass aria-hidden className="mt-1 size-5 shrink-0" />
          <span>{status}</span>
        </p>
        {entry.link === 'earlier' && (
          <p className="mt-4 text-base text-bone-100" data-testid="earlier-link">
            {t('link.earlier')}
          </p>
        )}
        {failure != null && (
          <p role="alert" className="mt-4 text-base font-semibold text-danger-400" data-testid="waitlist-failure">
            {failureText(failure, t)}
          </p>
        )}
        {inLine && (
          <div className="mt-6 flex flex-col gap-3 border-t border-ink-700 pt-6 sm:flex-row sm:flex-wrap">
            {entry.state === 'offered' && (
              <button type="button" disabled={busy} onClick={() => accept.run(undefined)} className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
                {accept.pending ? t('waitlist.accepting') : t('waitlist.accept')}
              </button>
            )}
            <button type="button" disabled={busy} onClick={() => leave.run(undefined)} className={buttonClass('outline', 'md', 'w-full sm:w-auto')}>
              {leave.pending ? t('waitlist.leaving') : t('waitlist.leave')}
            </button>
          </div>
        )}
        {!stillWaiting && entry.state !== 'booked' && (
          <a href={lp('/booking')} className={buttonClass('primary', 'md', 'mt-6')}>
            {t('manage.bookAnother')}
          </a>
        )}
      </article>
    </LinkPageShell>
  );
}
