import { z } from 'zod';
import { LANGUAGE_NAMES_FR, TRANSLATED_LANGUAGES } from '../i18n/languages';

// Paramètres › Séjours (issue 36 §3–4, decision 157): what the back office saves (French
// messages). The values' meaning is in ../stay-settings-data.ts.

const MAX_SATANG = 1_000_000_000;
const TEXT_MAX = 2_000;

const translatedText = (label: string, l: (typeof TRANSLATED_LANGUAGES)[number]) =>
  z.string().trim().max(TEXT_MAX, `${label} (${LANGUAGE_NAMES_FR[l]}) est trop long`).optional();

const localText = (label: string) =>
  z.object({
    en: z
      .string({ error: `${label} (anglais) est requis` })
      .trim()
      .min(1, `${label} (anglais) est requis`)
      .max(TEXT_MAX, `${label} est trop long`),
    ru: translatedText(label, 'ru'),
    zh: translatedText(label, 'zh'),
    de: translatedText(label, 'de'),
    fr: translatedText(label, 'fr'),
    th: translatedText(label, 'th'),
  });

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} : un nombre entier` })
    .int(`${label} : un nombre entier`)
    .min(min, `${label} : ${min} au moins`)
    .max(max, `${label} : ${max} au plus`);

export const AIRPORT_CODE = /^[A-Z]{3}$/;

export const staySettingsSchema = z.object({
  airports: z
    .array(
      z.object({
        code: z.string({ error: 'Aéroport : code requis' }).trim().regex(AIRPORT_CODE, 'Aéroport : code de trois lettres majuscules (ex. KBV)'),
        name: z.string({ error: 'Aéroport : nom requis' }).trim().min(1, 'Aéroport : nom requis').max(120, 'Aéroport : nom trop long'),
        pickupPriceSatang: int('Aéroport : prix du transfert en satang', 0, MAX_SATANG),
      }),
    )
    .max(10, 'Aéroports : 10 au plus')
    .refine((a) => new Set(a.map((x) => x.code)).size === a.length, 'Aéroports : deux aéroports ont le même code'),
  meetingPoint: localText('Le point de rendez-vous'),
  included: localText('Ce qui est inclus'),
  notIncluded: localText("Ce qui n'est pas inclus"),
  deposit: z
    .object({
      mode: z.enum(['none', 'percent', 'fixed'], { error: 'Acompte du séjour : aucun, pourcentage ou montant fixe' }),
      value: int('Acompte du séjour', 0, MAX_SATANG),
    })
    .refine((d) => d.mode !== 'percent' || (d.value > 0 && d.value <= 100), { message: 'Acompte du séjour : de 1 à 100 %', path: ['value'] })
    .refine((d) => d.mode !== 'fixed' || d.value > 0, { message: 'Acompte du séjour : un montant supérieur à zéro (ou « aucun »)', path: ['value'] }),
  balance: z.object({
    mode: z.enum(['before-arrival', 'on-arrival'], { error: 'Solde : avant l’arrivée ou à l’arrivée' }),
    days: int('Solde : jours avant l’arrivée', 0, 180),
  }),
  terms: z.object({
    text: localText("Les conditions d'annulation"),
    tiers: z
      .array(z.object({ daysBefore: int('Remboursement : jours avant l’arrivée', 0, 365), refundPercent: int('Remboursement : pourcentage', 0, 100) }))
      .max(10, 'Remboursement : 10 paliers au plus')
      .refine((t) => new Set(t.map((x) => x.daysBefore)).size === t.length, 'Remboursement : deux paliers ont le même nombre de jours'),
    freeChangeDays: int('Changement de dates gratuit : jours avant l’arrivée', 0, 365),
  }),
});
