import { BedDouble, Check, Users, X } from 'lucide-react';
import { formatThb } from '../../../shared/money';
import { buttonClass } from '../../components/ui/button';
import { useIntlLocale, useLocalePath, useT, useTimetableWording } from '../../i18n/i18n';
import { dayText } from '../../lib/timetable';
import type { StayRoom, StayTerms } from './stay-queries';

// What the stay's steps share (stay-journey.tsx, stay-checkout.tsx): the address of a step, a
// room type's card and what the stay includes.

/** The journey's address for a stay (features/booking/journey.ts writes the same order). */
export interface StayStep {
  step: 'what' | 'when' | 'who' | 'pay';
  checkIn: string;
  checkOut: string;
  guests: number;
  room: number | null;
}

export const stayHref = (base: string, s: StayStep) => {
  const q = new URLSearchParams({ what: 'stay', step: s.step });
  if (s.checkIn) q.set('checkIn', s.checkIn);
  if (s.checkOut) q.set('checkOut', s.checkOut);
  if (s.checkIn) q.set('guests', String(s.guests));
  if (s.room) q.set('room', String(s.room));
  return `${base}?${q.toString()}`;
};

/** A room type: its photos, what it holds, the rooms left and the stay's total (its one price). */
export function RoomCard({ type: room, chosen = false, ...s }: StayStep & { type: StayRoom; chosen?: boolean }) {
  const t = useT();
  const locale = useIntlLocale();
  const lp = useLocalePath();
  const free = room.roomsLeft > 0;
  return (
    <article
      className={`flex h-full flex-col overflow-hidden rounded-card border bg-ink-900 ${chosen ? 'border-gold-400 sm:flex-row' : 'border-ink-700'}`}
      data-testid="stay-room"
      data-room-id={room.id}
    >
      {/* Once chosen, the card is a reminder: its first photo, small. */}
      {room.photos.length > 0 && (
        <div className={`flex snap-x snap-mandatory overflow-x-auto ${chosen ? 'max-h-40 sm:max-h-none sm:w-56 sm:shrink-0' : ''}`}>
          {(chosen ? room.photos.slice(0, 1) : room.photos).map((src, i) => (
            <img
              key={src}
              src={src}
              alt={i === 0 ? room.name : ''}
              loading="lazy"
              width={640}
              height={400}
              className="aspect-[16/10] w-full shrink-0 snap-start object-cover"
            />
          ))}
        </div>
      )}
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <h3 className="font-display-tight text-2xl text-bone-50">{room.name}</h3>
        {room.description && <p className="mt-1 text-sm text-ink-300">{room.description}</p>}
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-bone-100">
          {room.beds && (
            <span className="inline-flex items-center gap-1.5">
              <BedDouble aria-hidden className="size-4 text-gold-400" />
              {t('stay.beds', { beds: room.beds })}
            </span>
          )}
          <span className="inline-flex items-center gap-1.5">
            <Users aria-hidden className="size-4 text-gold-400" />
            {t('stay.upTo', { n: room.maxGuests })}
          </span>
        </p>
        <p className={`mt-2 text-sm font-semibold ${free ? 'text-success-400' : 'text-danger-400'}`} data-testid="stay-rooms-left">
          {free ? t('stay.roomsLeft', { n: room.roomsLeft }) : t('stay.full')}
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-4">
          <p>
            <span className="block text-sm text-ink-300">{t('stay.totalFor', { nights: t('stay.nights', { n: room.nights }) })}</span>
            <span className="font-display-tight text-3xl text-gold-400 tabular-nums" data-testid="stay-price">
              {formatThb(room.priceSatang, locale)}
            </span>
          </p>
          {!chosen && free && (
            <a href={stayHref(lp('/booking'), { ...s, step: 'who', room: room.id })} className={buttonClass('primary', 'md')} data-testid="stay-choose">
              {t('stay.choose')}
            </a>
          )}
        </div>
      </div>
    </article>
  );
}

/** What the stay includes and does not (Paramètres): nothing when the owner wrote nothing. */
export function Included({ terms }: { terms: StayTerms }) {
  const t = useT();
  if (terms.included.length === 0 && terms.notIncluded.length === 0) return null;
  return (
    <div className="mt-8 grid gap-4 sm:grid-cols-2" data-testid="stay-included">
      {terms.included.length > 0 && (
        <div>
          <h3 className="mb-2 font-display-tight text-xl">{t('stay.included')}</h3>
          <ul className="grid gap-1">
            {terms.included.map((x) => (
              <li key={x} className="flex gap-2 text-bone-100">
                <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-success-400" />
                {x}
              </li>
            ))}
          </ul>
        </div>
      )}
      {terms.notIncluded.length > 0 && (
        <div>
          <h3 className="mb-2 font-display-tight text-xl">{t('stay.notIncluded')}</h3>
          <ul className="grid gap-1">
            {terms.notIncluded.map((x) => (
              <li key={x} className="flex gap-2 text-ink-300">
                <X aria-hidden className="mt-0.5 size-5 shrink-0 text-danger-400" />
                {x}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** "Monday, 7 December 2026 → Monday, 14 December 2026" in the page's language (gym dates as written). */
export function useStayDates() {
  const t = useT();
  const w = useTimetableWording();
  return (checkIn: string, checkOut: string) => t('stay.dates', { checkIn: dayText(checkIn, 'long', w), checkOut: dayText(checkOut, 'long', w) });
}
