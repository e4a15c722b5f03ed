import { z } from 'zod';
import { LANGUAGE_NAMES_FR, type TranslatedLanguage } from '../i18n/languages';
import { LIMITS } from './common';

/** At most this many review sites (Google, TripAdvisor, …) in one e-mail. */
export const REVIEW_LINKS_MAX = 5;

const isHttps = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname.includes('.');
  } catch {
    return false;
  }
};

const httpsUrl = (label: string) =>
  z
    .string({ error: `${label} : lien https requis` })
    .trim()
    .max(LIMITS.url, `${label} : lien trop long`)
    .refine(isHttps, `${label} : le lien doit commencer par https://`);

/** A language's own address: empty means "the default one". */
const languageUrl = (language: TranslatedLanguage) => {
  const label = `Lien d’avis (${LANGUAGE_NAMES_FR[language]})`;
  return z
    .string({ error: `${label} : un texte est requis` })
    .trim()
    .max(LIMITS.url, `${label} : lien trop long`)
    .refine((v) => v === '' || isHttps(v), `${label} : le lien doit commencer par https://`)
    .optional();
};

const reviewLink = z.object({
  name: z
    .string({ error: 'Avis clients : le nom du site est requis' })
    .trim()
    .min(1, 'Avis clients : le nom du site est requis (ex. Google)')
    .max(60, 'Avis clients : nom du site trop long (60 caractères au plus)'),
  url: httpsUrl('Lien d’avis'),
  /** The page in another language (a TripAdvisor page per language); absent or empty: `url`. */
  urls: z.object({ ru: languageUrl('ru'), zh: languageUrl('zh'), de: languageUrl('de'), fr: languageUrl('fr'), th: languageUrl('th') }).optional(),
});

/**
 * Review requests (issue 48 point 5): one e-mail per person asking for a review, after a stay
 * ends or after their Nth attended class, `delayDays` gym days later. Off unless one trigger is
 * set; a trigger needs at least one review link.
 */
export const reviewRequestSettings = z
  .object({
    afterStay: z.boolean({ error: 'Avis clients : après un séjour, oui ou non ?' }),
    afterClasses: z
      .number({ error: 'Avis clients : un nombre entier de cours' })
      .int('Avis clients : un nombre entier de cours')
      .min(0, 'Avis clients : pas de nombre négatif (0 : jamais)')
      .max(100, 'Avis clients : 100 cours au plus'),
    delayDays: z
      .number({ error: 'Avis clients : un nombre entier de jours' })
      .int('Avis clients : un nombre entier de jours')
      .min(0, 'Avis clients : pas de délai négatif')
      .max(60, 'Avis clients : 60 jours au plus'),
    links: z.array(reviewLink, { error: 'Avis clients : liste de liens requise' }).max(REVIEW_LINKS_MAX, `Avis clients : ${REVIEW_LINKS_MAX} liens au plus`),
  })
  .refine((s) => !(s.afterStay || s.afterClasses > 0) || s.links.length > 0, {
    message: 'Avis clients : ajoutez au moins un lien (Google, TripAdvisor…) avant d’activer les demandes',
    path: ['links'],
  });

export type ReviewRequestSettings = z.output<typeof reviewRequestSettings>;

/** Off: nothing changes for a gym that never turns it on (settings saved before read this). */
export const DEFAULT_REVIEW_REQUEST_SETTINGS: ReviewRequestSettings = { afterStay: false, afterClasses: 0, delayDays: 3, links: [] };
