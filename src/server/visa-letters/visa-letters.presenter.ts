import type { VisaLetterDto } from '../../shared/api-types/visa-letters';
import type { ListedLetter } from './visa-letters.repository';

/** A request or letter for signed-in staff (passport data included; the route is audited). */
export const presentLetter = (r: ListedLetter): VisaLetterDto => ({
  id: r.id,
  orderId: r.order_id,
  orderReference: r.order_reference,
  buyerName: r.buyer_name,
  programme: r.pass_name,
  startDate: r.start_date,
  endDate: r.end_date,
  status: r.status,
  fullName: r.full_name,
  nationality: r.nationality,
  passportNumber: r.passport_number,
  dateOfBirth: r.date_of_birth,
  embassy: r.embassy,
  nameDiffers: Boolean(r.name_differs),
  reference: r.reference,
  issuedAt: r.issued_at,
  revokedAt: r.revoked_at,
  revokeReason: r.revoke_reason,
  createdAt: r.created_at,
});
