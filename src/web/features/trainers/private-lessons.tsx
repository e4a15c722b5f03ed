import { TrainersSection } from './trainers-section';

/**
 * /booking's private lessons (issue 37): the trainers (server HTML). Kept in its own file with a
 * one-line mount so that the booking page can be rebuilt around it.
 */
export function PrivateLessons() {
  return <TrainersSection id="private-lessons" />;
}
