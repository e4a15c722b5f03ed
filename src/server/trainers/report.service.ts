import type { TrainerReportDto } from '../../shared/api-types/trainers';
import { zonedToInstant } from '../../shared/gym-time';
import type { AppContext } from '../context';
import { lessonsOfTrainer } from './lessons.repository';
import * as repo from './trainers.repository';

// Paying the trainers (issue 37 point 6): per gym month, each trainer's lessons taught (started,
// not cancelled, not marked no-show at the desk), the no-shows and the cancelled ones, and their
// share: a percentage of what the lessons taught sold for, or a fixed amount per lesson taught.

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** The share of one trainer: percent of the revenue (rounded to the satang) or fixed per lesson. */
export const shareOf = (share: { mode: 'percent' | 'fixed'; value: number }, lessons: number, revenueSatang: number): number =>
  share.mode === 'percent' ? Math.round((revenueSatang * share.value) / 100) : share.value * lessons;

export async function monthlyReport(ctx: AppContext, month: string, now = new Date()): Promise<TrainerReportDto> {
  const tz = ctx.config.timezone;
  const from = zonedToInstant(`${month}-01`, '00:00', tz).toISOString();
  const to = zonedToInstant(`${nextMonth(month)}-01`, '00:00', tz).toISOString();
  const trainers = await repo.listTrainers(ctx.db);
  const rows = await Promise.all(
    trainers.map(async (t) => {
      const lessons = await lessonsOfTrainer(ctx.db, t.id, from, to, { withCancelled: true });
      const started = lessons.filter((l) => l.status !== 'cancelled' && Date.parse(l.starts_at) <= now.getTime());
      const taught = started.filter((l) => l.attendance !== 'no_show');
      const revenueSatang = taught.reduce((sum, l) => sum + l.price_satang, 0);
      const share = { mode: t.share_mode, value: t.share_value };
      return {
        trainerId: t.id,
        name: t.name,
        lessonsTaught: taught.length,
        noShows: started.length - taught.length,
        cancelled: lessons.filter((l) => l.status === 'cancelled').length,
        revenueSatang,
        share,
        shareSatang: shareOf(share, taught.length, revenueSatang),
      };
    }),
  );
  return { month, trainers: rows };
}
