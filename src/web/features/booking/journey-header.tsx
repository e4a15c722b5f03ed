import { CircleOff } from 'lucide-react';
import type { OffersDto } from '../../../shared/api-types/offers';
import type { MessageKey } from '../../../shared/i18n/locales/en';
import { useLocalePath, useT } from '../../i18n/i18n';
import { wordFit } from '../../lib/word-fit';
import type { What } from './journey';

// The journey's heading, introduction and the "not on offer" box (issue 46 §2): server HTML that
// follows the choice in the address and what GET /api/offers says can be bought now.

/** The kinds a visitor may choose now; without an answer from the server, every kind (as before). */
export function offered(offers: OffersDto | undefined, what: What): boolean {
  return offers ? offers[what].available : true;
}

/** A private lesson without a trainer who takes bookings is a request (by appointment). */
export const isRequest = (offers: OffersDto | undefined) => offers?.private.how === 'request';

/** Why a kind is not on offer, in words. */
export function offReasonKey(offers: OffersDto | undefined, what: What): MessageKey {
  const reason = offers?.[what].reason;
  if (what === 'programme' && reason === 'letter') return 'journey.off.programmeLetter';
  if (what === 'stay' && reason === 'payment') return 'journey.off.stayPayment';
  return `journey.off.${what}`;
}

const TITLES: Record<What, MessageKey> = {
  class: 'booking.title',
  pass: 'journey.title.pass',
  programme: 'journey.title.programme',
  stay: 'journey.title.stay',
  private: 'journey.title.private',
};
const INTROS: Record<What, MessageKey> = {
  class: 'booking.intro',
  pass: 'journey.intro.pass',
  programme: 'journey.intro.programme',
  stay: 'journey.intro.stay',
  private: 'journey.intro.private',
};

/** The page's title for the choice ("Book Your Class" on the first step and for a class, SPEC.md's heading). */
export function journeyTitleKey(what: What | null, offers: OffersDto | undefined): MessageKey {
  if (what === 'private' && isRequest(offers)) return 'journey.title.privateRequest';
  return what ? TITLES[what] : 'booking.title';
}

/** The heading and the introduction of the step: "pay at the gym" is said for a class only, where it is true. */
export function JourneyHeader({ what, offers, children }: { what: What | null; offers: OffersDto | undefined; children?: React.ReactNode }) {
  const t = useT();
  const lp = useLocalePath();
  const title = t(journeyTitleKey(what, offers));
  // A kind not on offer keeps its title; its introduction would promise what cannot be had.
  const intro: MessageKey | null =
    what === null
      ? 'journey.intro.what'
      : !offered(offers, what)
        ? null
        : what === 'private' && isRequest(offers)
          ? 'journey.intro.privateRequest'
          : INTROS[what];
  return (
    <header className="mb-8 max-w-3xl">
      <p className="mb-3 text-eyebrow font-bold tracking-(--text-eyebrow--letter-spacing) text-blood-400 uppercase">{t('booking.eyebrow')}</p>
      <h1 className="font-display-tight text-display-fit" style={wordFit(title)} data-testid="journey-title">
        {title}
      </h1>
      {intro && (
        <p className="mt-4 text-lg text-ink-300" data-testid="journey-intro">
          {t(intro)}{' '}
          <a href={`${lp('/')}#contact`} data-section="contact" className="font-semibold text-bone-50 underline underline-offset-4 hover:text-blood-400">
            {t('booking.contactUs')}
          </a>
          .
        </p>
      )}
      {children}
    </header>
  );
}

/** A kind that cannot be bought now, reached by its address: why, and the way back to what can. */
export function NotOffered({ what, offers }: { what: What; offers: OffersDto | undefined }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <section className="mx-auto mb-16 max-w-3xl rounded-card border border-ink-700 bg-ink-900 p-6 sm:p-8" data-testid="journey-not-offered" data-what={what}>
      <p className="flex items-start gap-3 text-lg font-semibold text-bone-50">
        <CircleOff aria-hidden className="mt-1 size-5 shrink-0 text-gold-400" />
        {t(offReasonKey(offers, what))}
      </p>
      <p className="mt-3 text-ink-300">
        <a href={`${lp('/')}#contact`} data-section="contact" className="font-semibold text-bone-50 underline underline-offset-4 hover:text-blood-400">
          {t('journey.offHelp')}
        </a>
      </p>
      <a href={lp('/booking')} className="mt-5 inline-block font-semibold text-gold-400 underline underline-offset-4 hover:text-bone-50">
        {t('journey.backToChoices')}
      </a>
    </section>
  );
}
