import { z } from 'zod';

/** Private lessons (issue 37): the lengths sold, the minimum notice and the buffer between a trainer's lessons (Paramètres). */
export const privateLessonSettings = z.object({
  lengths: z
    .array(z.union([z.literal(60), z.literal(90)], { error: 'Cours privés : 60 ou 90 minutes' }))
    .min(1, 'Cours privés : au moins une durée')
    .max(2)
    .refine((l) => new Set(l).size === l.length, 'Cours privés : durée en double'),
  noticeHours: z
    .number({ error: 'Cours privés : préavis en heures entières' })
    .int('Cours privés : préavis en heures entières')
    .min(0, 'Cours privés : pas de préavis négatif')
    .max(24 * 14, 'Cours privés : préavis de 336 heures au plus'),
  bufferMinutes: z
    .number({ error: 'Cours privés : battement en minutes entières' })
    .int('Cours privés : battement en minutes entières')
    .min(0, 'Cours privés : pas de battement négatif')
    .max(120, 'Cours privés : battement de 120 minutes au plus'),
});
