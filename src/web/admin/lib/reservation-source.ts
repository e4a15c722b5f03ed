import type { ReservationSource } from '../../../shared/constants';
import type { BadgeTone } from '../components/ui/badge';

/** Where a booking came from, as the back office names it. */
export const SOURCE_LABELS: Record<ReservationSource, string> = { web: 'Site', walk_in: 'Sur place', whatsapp: 'WhatsApp' };
export const SOURCE_TONES: Record<ReservationSource, BadgeTone> = { web: 'gray', walk_in: 'blue', whatsapp: 'green' };
