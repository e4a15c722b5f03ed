import type { Language } from '../../../shared/i18n/languages';
import type { ReviewRequestSettings } from '../../../shared/schemas/site-settings-reviews';
import type { OutgoingMail } from '../outgoing-mail';
import { mailMessages } from './i18n';
import { checkedUrl, p, type Block, type LayoutConfig } from './mail-layout';
import { customerMail } from './me-mails';
import { REVIEW_REQUEST_TEXTS } from './review-request-mail-texts';

// The review request (issue 48 point 5, decision 190): a thank-you for the stay or the classes,
// one button per review site (the language's own page, else the default), "we ask only once",
// and the "Your page" line of every customer e-mail.

export interface ReviewRequestMailInput {
  to: string;
  name: string;
  language: Language;
  reason: 'stay' | 'classes';
  links: ReviewRequestSettings['links'];
}

/** The link's page in the language: its own when given, else the default one. */
export function reviewUrlOf(link: ReviewRequestSettings['links'][number], language: Language): string {
  const own = language === 'en' ? undefined : link.urls?.[language]?.trim();
  return own || link.url;
}

export function reviewRequestMail(config: LayoutConfig, r: ReviewRequestMailInput): OutgoingMail {
  const t = REVIEW_REQUEST_TEXTS[r.language] ?? REVIEW_REQUEST_TEXTS.en;
  const blocks: Block[] = [
    p(mailMessages(r.language).hello(r.name)),
    p(r.reason === 'stay' ? t.thanksStay : t.thanksClasses),
    p(t.ask),
    ...r.links.map((l): Block => ({ kind: 'action', label: t.reviewOn(l.name), href: checkedUrl(reviewUrlOf(l, r.language)) })),
    { kind: 'note', text: t.once },
  ];
  return customerMail(config, r.to, t.subject(config.gym.name), blocks, {}, r.language);
}
