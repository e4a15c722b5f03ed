import type { IslandName } from './registry';

// An island asking for another one (islands/boot.ts listens): the booking form wakes when a
// class or a session is chosen elsewhere on the page, before the visitor touches it.
export const WAKE_EVENT = 'island:wake';

export function wakeIsland(name: IslandName): void {
  document.dispatchEvent(new CustomEvent<IslandName>(WAKE_EVENT, { detail: name }));
}
