import type { PassDto } from '../../shared/api-types/payments';
import type { CatalogueEntry } from '../../shared/catalogue';

/** A catalogue entry as GET /api/passes shows it (the `hidden` flag stays on the server). */
export const presentPass = (p: CatalogueEntry): PassDto => ({
  id: p.id,
  name: p.name,
  covers: p.covers,
  kind: p.kind,
  days: p.days,
  sessionsPerDay: p.sessionsPerDay,
  credits: p.credits,
  priceSatang: p.priceSatang,
  depositSatang: p.depositSatang,
  disciplines: p.disciplines,
  months: p.months,
  sessionsPerWeek: p.sessionsPerWeek,
  hoursPerWeek: p.hoursPerWeek,
});
