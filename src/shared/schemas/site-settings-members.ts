import { z } from 'zod';

/**
 * What a traveller may do on My page and how long their health answers are kept (issue 47):
 * the days a pass may be paused in all (0 = never), and the months after the last visit that
 * a waiver's declared conditions are kept before they are blanked.
 */
export const memberSettings = z.object({
  pauseDays: z
    .number({ error: 'Pause : un nombre entier de jours' })
    .int('Pause : un nombre entier de jours')
    .min(0, 'Pause : pas de nombre négatif')
    .max(180, 'Pause : 180 jours au plus'),
  healthRetentionMonths: z
    .number({ error: 'Santé : un nombre entier de mois' })
    .int('Santé : un nombre entier de mois')
    .min(1, 'Santé : un mois au moins')
    .max(120, 'Santé : 120 mois au plus'),
});

/**
 * Newsletter campaigns (issue 48): how many e-mails a minute the campaigns send at most, every
 * instance together, so that a small SMTP relay is not overrun.
 */
export const newsletterSettings = z.object({
  campaignsPerMinute: z
    .number({ error: 'Campagnes : un nombre entier d’e-mails par minute' })
    .int('Campagnes : un nombre entier d’e-mails par minute')
    .min(1, 'Campagnes : un e-mail par minute au moins')
    .max(10_000, 'Campagnes : 10 000 e-mails par minute au plus'),
});
export const DEFAULT_NEWSLETTER_SETTINGS = { campaignsPerMinute: 60 };

/** The waiting list (issue 34): how long an offered seat is held at most (also never past half the time left before the class). */
export const waitlistSettings = z.object({
  offerHours: z
    .number({ error: 'Liste d’attente : un nombre entier d’heures' })
    .int('Liste d’attente : un nombre entier d’heures')
    .min(1, 'Liste d’attente : une heure au moins')
    .max(72, 'Liste d’attente : 72 heures au plus'),
});
