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
