import { normalizePromptpayId, PROMPTPAY_ID_INVALID_EN, type PromptpayId } from '../../../shared/schemas/promptpay';

// The text of a Thai QR (PromptPay "AnyID", tag 29) as EMVCo's merchant-presented mode lays it
// out: TLV fields (2-digit tag, 2-digit length, value), ending with a CRC over everything before.

// Re-exported so the server's callers have one door; the rule itself is shared with the settings form.
export { normalizePromptpayId };

/** The PromptPay application ID every tag 29 starts with (Thai QR Payment Standard). */
const PROMPTPAY_AID = 'A000000677010111';
const SUB_TAG: Record<PromptpayId['kind'], string> = { phone: '01', 'national-id': '02', ewallet: '03' };
const THB = '764';
// EMVCo caps tag 54 at 13 characters: "9999999999.99".
const MAX_AMOUNT_LENGTH = 13;

function tlv(tag: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMVCo tag ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR) of the
 * text's UTF-8 bytes, the checksum EMVCo's tag 63 carries.
 */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/**
 * Satang as baht with two decimals (150000 → "1500.00") by placing the point among the digits,
 * never by dividing: money is an integer everywhere and a float cannot hold every amount.
 */
export function formatSatang(amountSatang: number): string {
  if (!Number.isSafeInteger(amountSatang) || amountSatang <= 0) {
    throw new RangeError(`A PromptPay amount is a positive whole number of satang, not ${amountSatang}`);
  }
  const digits = String(amountSatang).padStart(3, '0');
  const text = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  if (text.length > MAX_AMOUNT_LENGTH) throw new RangeError(`A PromptPay amount has at most ${MAX_AMOUNT_LENGTH} characters: ${text}`);
  return text;
}

/** Tag 29's proxy value: a phone as 0066 and the number without its trunk 0, 13 characters. */
function proxyValue(id: PromptpayId): string {
  return id.kind === 'phone' ? `0066${id.value.slice(1)}`.padStart(13, '0') : id.value;
}

export interface PromptpayPayloadInput {
  /** A PromptPay ID as typed or as stored (see normalizePromptpayId). */
  id: string;
  /** What the customer pays, in satang (a positive integer). */
  amountSatang: number;
}

/**
 * The Thai QR text for paying `amountSatang` to the PromptPay `id`: a dynamic QR (point of
 * initiation 12, because the amount is set), in THB, country TH. Throws a RangeError when the
 * ID is not one PromptPay accepts or the amount is not a positive integer.
 */
export function promptpayPayload({ id, amountSatang }: PromptpayPayloadInput): string {
  const proxy = normalizePromptpayId(id);
  if (!proxy) throw new RangeError(PROMPTPAY_ID_INVALID_EN);
  const body = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv('29', tlv('00', PROMPTPAY_AID) + tlv(SUB_TAG[proxy.kind], proxyValue(proxy))),
    tlv('58', 'TH'),
    tlv('53', THB),
    tlv('54', formatSatang(amountSatang)),
  ].join('');
  // The CRC covers its own tag and length ("6304") as well as the fields before it.
  const withCrcHeader = `${body}6304`;
  return withCrcHeader + crc16CcittFalse(withCrcHeader).toString(16).toUpperCase().padStart(4, '0');
}
