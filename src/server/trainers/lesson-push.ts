import { instantToZoned } from '../../shared/gym-time';
import type { AppContext } from '../context';

// A trainer's push about their own lessons (issue 37 point 5): a new, moved or cancelled lesson,
// to the trainer's account only, in French (the back office's language). After the commit, and
// never failing its caller: the lookup runs on its own.

export function notifyTrainerOfLesson(
  ctx: AppContext,
  reservationId: number,
  title: 'Nouveau cours privé' | 'Cours privé annulé' | 'Cours privé déplacé',
): void {
  void (async () => {
    const row = await ctx.db
      .selectFrom('private_lessons as l')
      .innerJoin('trainers as t', 't.id', 'l.trainer_id')
      .innerJoin('reservations as r', 'r.id', 'l.reservation_id')
      .select(['t.user_id', 'l.starts_at', 'l.minutes', 'l.guests', 'r.name'])
      .where('l.reservation_id', '=', reservationId)
      .executeTakeFirst();
    if (!row?.user_id) return;
    const { date, time } = instantToZoned(row.starts_at, ctx.config.timezone);
    const who = row.guests > 1 ? `${row.name} (+1)` : row.name;
    ctx.push.notifyUser(row.user_id, {
      title,
      body: `${who} — ${date} ${time}, ${row.minutes} min`,
      url: '/admin/mon-planning',
      tag: `lesson-${reservationId}`,
    });
  })().catch((err: unknown) => ctx.log.warn({ err }, 'trainer push could not be sent'));
}
