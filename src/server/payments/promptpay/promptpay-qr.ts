import QRCode from 'qrcode';
import { crc16CcittFalse } from './promptpay-payload';

// The QR image of a PromptPay payload: SVG for web pages (inlined), PNG for e-mails (many mail
// clients show no SVG). Error correction M is what banking apps read well from a screen, and
// the 4-module quiet zone the QR standard asks for lets a phone find the code on any background.
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;
// 8 px per module: about 330 px for a payment QR, sharp on a phone and not scaled by the mail client.
const PNG_SCALE = 8;

/**
 * Only a payload promptpayPayload built is drawn: EMVCo text (digits, capitals, '.') whose tag 63
 * matches its CRC. Drawing a mistyped text would give a QR that banking apps refuse at the till.
 */
function assertPromptpayPayload(payload: string): void {
  const match = /^([0-9A-Z.]+6304)([0-9A-F]{4})$/.exec(payload);
  const crc = match ? crc16CcittFalse(match[1]).toString(16).toUpperCase().padStart(4, '0') : null;
  if (!match || crc !== match[2]) throw new RangeError('Not a PromptPay payload with a valid CRC');
}

/**
 * The QR as an SVG document. Safe to inline in a page: it is made of <svg> and two <path>
 * elements whose data are module coordinates; the payload's text never appears in it.
 */
export async function promptpayQrSvg(payload: string): Promise<string> {
  assertPromptpayPayload(payload);
  return QRCode.toString(payload, { ...OPTIONS, type: 'svg' });
}

/** The QR as a PNG (black on opaque white, so a mail client's dark mode cannot hide it). */
export async function promptpayQrPng(payload: string): Promise<Buffer> {
  assertPromptpayPayload(payload);
  return QRCode.toBuffer(payload, { ...OPTIONS, type: 'png', scale: PNG_SCALE });
}
