import { z } from 'zod';
import { PASS_COVERS } from '../pass-kinds';
import { LANGUAGE_NAMES_FR, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../i18n/languages';

// Long-stay programmes (issue 35 §1): products beside the price table's passes, defined in
// Paramètres. Amounts in satang. A programme is on sale when the owner says so AND the visa
// letter's details are complete (catalogue.ts, letterDetailsMissing).

export const PROGRAMME_MONTHS = [3, 6, 12] as const;

export const PROGRAMME_LIMITS = {
  programmes: 10,
  name: 120,
  sessionsPerWeek: 14,
  hoursPerWeek: 60,
  /** 10 million baht, far above any programme. */
  priceSatang: 1_000_000_000,
} as const;

const NAME = 'Le nom du programme';

const translatedName = (language: TranslatedLanguage) =>
  z
    .string({ error: `${NAME} (${LANGUAGE_NAMES_FR[language]}) doit être un texte` })
    .trim()
    .max(PROGRAMME_LIMITS.name, `${NAME} (${LANGUAGE_NAMES_FR[language]}) est trop long`)
    .optional();

export const programmeSchema = z.object({
  /** Part of the programme's id ('<key>.programme'), kept by its orders. */
  key: z
    .string({ error: 'Programme : code requis' })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Programme : code en minuscules et tirets (ex. muay-thai-6-months)')
    .max(40, 'Programme : code de 40 caractères au plus'),
  /** The English name; the others fall back to it. */
  name: z
    .string({ error: `${NAME} est requis` })
    .trim()
    .min(1, `${NAME} est requis`)
    .max(PROGRAMME_LIMITS.name, `${NAME} est trop long (${PROGRAMME_LIMITS.name} caractères au plus)`),
  translations: z
    .object(Object.fromEntries(TRANSLATED_LANGUAGES.map((l) => [l, translatedName(l)])) as Record<TranslatedLanguage, ReturnType<typeof translatedName>>)
    .optional(),
  /** Which classes its bookings may take (the price table's columns). */
  disciplines: z
    .array(z.enum(PASS_COVERS, { error: 'Programme : discipline inconnue' }))
    .min(1, 'Programme : au moins une discipline')
    .refine((d) => new Set(d).size === d.length, 'Programme : une discipline en double'),
  months: z.union(
    PROGRAMME_MONTHS.map((m) => z.literal(m)),
    { error: 'Programme : durée de 3, 6 ou 12 mois' },
  ),
  sessionsPerWeek: z
    .number({ error: 'Programme : séances par semaine, un nombre entier' })
    .int('Programme : séances par semaine, un nombre entier')
    .min(1, 'Programme : au moins une séance par semaine')
    .max(PROGRAMME_LIMITS.sessionsPerWeek, `Programme : ${PROGRAMME_LIMITS.sessionsPerWeek} séances par semaine au plus`),
  /** Printed on the visa letter; half hours allowed. */
  hoursPerWeek: z
    .number({ error: 'Programme : heures par semaine, un nombre' })
    .min(1, 'Programme : au moins une heure par semaine')
    .max(PROGRAMME_LIMITS.hoursPerWeek, `Programme : ${PROGRAMME_LIMITS.hoursPerWeek} heures par semaine au plus`)
    .refine((h) => Number.isInteger(h * 2), 'Programme : heures par semaine à la demi-heure près'),
  priceSatang: z
    .number({ error: 'Programme : prix en satang, un nombre entier' })
    .int('Programme : prix en satang, un nombre entier')
    .positive('Programme : le prix doit être supérieur à zéro')
    .max(PROGRAMME_LIMITS.priceSatang, 'Programme : prix trop élevé'),
  /** 'payments': the deposit rule of Paramètres › Paiements; else its own (value: percent or satang). */
  deposit: z
    .object({
      mode: z.enum(['payments', 'none', 'percent', 'fixed'], { error: 'Programme : acompte inconnu' }),
      value: z
        .number({ error: 'Programme : acompte, un nombre entier' })
        .int('Programme : acompte, un nombre entier')
        .min(0, 'Programme : acompte négatif')
        .max(PROGRAMME_LIMITS.priceSatang, 'Programme : acompte trop élevé'),
    })
    .refine((d) => d.mode !== 'percent' || (d.value > 0 && d.value <= 100), { message: 'Programme : acompte de 1 à 100 %', path: ['value'] })
    .refine((d) => d.mode !== 'fixed' || d.value > 0, { message: 'Programme : acompte supérieur à zéro (ou « aucun »)', path: ['value'] }),
  /** The owner's switch; the letter's details must also be complete for it to be sold. */
  onSale: z.boolean({ error: 'Programme : en vente, oui ou non' }),
});

export const programmesSchema = z
  .array(programmeSchema, { error: 'Programmes : liste requise' })
  .max(PROGRAMME_LIMITS.programmes, `Programmes : ${PROGRAMME_LIMITS.programmes} au plus`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      if (seen.has(p.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `Programmes : deux programmes ont le code ${p.key}` });
      seen.add(p.key);
      if (p.deposit.mode === 'fixed' && p.deposit.value > p.priceSatang) {
        ctx.addIssue({ code: 'custom', path: [i, 'deposit', 'value'], message: `Programme « ${p.name} » : l'acompte dépasse le prix` });
      }
    });
  });
