import type { AppContext } from '../context';

// "A seat may have freed" (a cancel, a move, a higher capacity), after its commit: the waiting
// list's offer job listens. Here, apart from both, so the services that free seats and the
// waiting list (which books through reservations) never import each other. One listener per
// database handle (each app has its own).

const listeners = new WeakMap<object, () => void>();

/** app.ts registers the running offer job's run-now when it starts, and removes it before it stops. */
export const onSeatFreed = (ctx: AppContext, run: () => void) => listeners.set(ctx.db, run);
export const offSeatFreed = (ctx: AppContext) => listeners.delete(ctx.db);

/** After a commit that may have freed a seat; a no-op without a listener. */
export function seatFreed(ctx: AppContext): void {
  listeners.get(ctx.db)?.();
}
