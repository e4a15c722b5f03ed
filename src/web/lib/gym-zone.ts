// The gym's time zone (GYM_TIMEZONE in the server's config), read in one place. The server
// writes it on <html data-gym-time-zone="…"> of every page it sends (public pages, the back
// office's shell); server rendering sets it with setGymTimeZone before rendering, so the HTML
// and the hydrated page print the same dates. No zone is written in the browser's code.

/** The attribute of <html> carrying the zone. */
export const GYM_ZONE_ATTRIBUTE = 'data-gym-time-zone';

/** Used only when no zone was given (a page not sent by the server, a bare unit test). */
const FALLBACK_ZONE = 'UTC';

let explicitZone: string | null = null;

/** Server rendering (and tests): the zone to use from now on; null goes back to the page's. */
export function setGymTimeZone(zone: string | null): void {
  explicitZone = zone;
}

const checked = new Map<string, boolean>();
const isValidZone = (zone: string) => {
  let ok = checked.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    checked.set(zone, ok);
  }
  return ok;
};

/** The IANA name of the gym's time zone, e.g. "Europe/Paris". */
export function gymTimeZone(): string {
  const zone = explicitZone ?? (typeof document !== 'undefined' ? document.documentElement.getAttribute(GYM_ZONE_ATTRIBUTE) : null);
  return zone && isValidZone(zone) ? zone : FALLBACK_ZONE;
}
