import jsQR from 'jsqr';
import { checksum, parse } from 'promptparse';
import { anyId } from 'promptparse/validate';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { PROMPTPAY_ID_INVALID, promptpayIdSchema } from '../../../shared/schemas/promptpay';
import { crc16CcittFalse, formatSatang, normalizePromptpayId, promptpayPayload } from './promptpay-payload';
import { promptpayQrPng, promptpayQrSvg } from './promptpay-qr';

// Published payloads built by other PromptPay libraries, with the tag order ours uses
// (00 01 29 58 53 54 63). Amounts are the libraries' baht figures written in satang.
const PUBLISHED = [
  // kittinan/php-promptpay-qr, tests/PromptPayTest.php, testGeneratePayload ("with amount").
  {
    id: '089-123-4567',
    amountSatang: 1_337_133_775,
    payload: '00020101021229370016A000000677010111011300668912345675802TH5303764541113371337.756304B7D7',
  },
  // jojoee/promptpay, tests/test_qrcode_generate_payload.py, test_phone_format_with_amount.
  {
    id: '0801234567',
    amountSatang: 45_625,
    payload: '00020101021229370016A000000677010111011300668012345675802TH53037645406456.256304483D',
  },
  // Same file, test_national_id_format_with_amount (IDs whose check digit is right).
  {
    id: '8512819188690',
    amountSatang: 54_123,
    payload: '00020101021229370016A000000677010111021385128191886905802TH53037645406541.23630437F5',
  },
  {
    id: '4912419510270',
    amountSatang: 458_548_554,
    payload: '00020101021229370016A000000677010111021349124195102705802TH530376454104585485.546304DF31',
  },
  // Same file, test_ewallet_id_with_amount.
  {
    id: '004999000288505',
    amountSatang: 151_575,
    payload: '00020101021229390016A00000067701011103150049990002885055802TH530376454071515.756304522C',
  },
] as const;

describe('promptpayPayload', () => {
  it.each(PUBLISHED)('builds the published payload for $id', ({ id, amountSatang, payload }) => {
    expect(promptpayPayload({ id, amountSatang })).toBe(payload);
  });

  it('gives the same payload whatever way the phone is written', () => {
    const forms = ['0891234567', '089 123 4567', '+66 89 123 4567', '+66-89-123-4567', '66891234567', '+66 (0)89 123 4567'];
    const payloads = new Set(forms.map((id) => promptpayPayload({ id, amountSatang: 1_337_133_775 })));
    expect([...payloads]).toEqual([PUBLISHED[0].payload]);
  });

  it('refuses an ID PromptPay would not accept', () => {
    expect(() => promptpayPayload({ id: '02-123-4567', amountSatang: 100 })).toThrow(/Thai mobile number/);
  });
});

describe('read back by an independent parser (promptparse)', () => {
  const cases = [
    { id: '081-234-5678', amountSatang: 150_000, sub: '01', proxy: '0066812345678', type: 'MSISDN', target: '0812345678' },
    { id: '1-2345-67890-12-1', amountSatang: 25_000, sub: '02', proxy: '1234567890121', type: 'NATID', target: '1234567890121' },
    { id: '012345678901234', amountSatang: 1, sub: '03', proxy: '012345678901234', type: 'EWALLETID', target: '012345678901234' },
  ] as const;

  it.each(cases)('$id: CRC valid, tags 00/01/29/58/53/54 as built', ({ id, amountSatang, sub, proxy, type, target }) => {
    const payload = promptpayPayload({ id, amountSatang });
    // strict: the parser answers null unless the CRC in tag 63 matches.
    const qr = parse(payload, true, true);
    expect(qr).not.toBeNull();
    expect(qr!.validate('63')).toBe(true);
    expect(qr!.getTagValue('00')).toBe('01');
    expect(qr!.getTagValue('01')).toBe('12');
    expect(qr!.getTagValue('29', '00')).toBe('A000000677010111');
    expect(qr!.getTagValue('29', sub)).toBe(proxy);
    expect(qr!.getTagValue('58')).toBe('TH');
    expect(qr!.getTagValue('53')).toBe('764');
    expect(qr!.getTagValue('54')).toBe(formatSatang(amountSatang));
    expect(qr!.getTags().map((t) => t.id)).toEqual(['00', '01', '29', '58', '53', '54', '63']);
    expect(anyId(payload)).toMatchObject({ type, target });
  });

  it('the parser does refuse a payload whose CRC is wrong', () => {
    const payload = promptpayPayload({ id: '0812345678', amountSatang: 150_000 });
    const last = payload.at(-1) === '0' ? '1' : '0';
    expect(parse(payload.slice(0, -1) + last, true)).toBeNull();
  });
});

describe('crc16CcittFalse', () => {
  it('gives the standard check value 0x29B1 for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });

  it('agrees with promptparse on other texts', () => {
    for (const text of ['', 'A', '00020101021129370016A000000677010111011300660000000005802TH53037646304']) {
      expect(crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0')).toBe(checksum(text, true));
    }
  });
});

describe('amounts', () => {
  it.each([
    [25_000, '250.00'],
    [1, '0.01'],
    [10, '0.10'],
    [100, '1.00'],
    [150_000, '1500.00'],
    [1_500_000, '15000.00'],
    [999_999_999_999, '9999999999.99'],
  ])('%i satang is "%s"', (satang, text) => {
    expect(formatSatang(satang)).toBe(text);
    expect(parse(promptpayPayload({ id: '0812345678', amountSatang: satang }), true)!.getTagValue('54')).toBe(text);
  });

  it.each([0, -1, -25_000, 1.5, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, 1_000_000_000_000])('refuses %s satang', (satang) => {
    expect(() => formatSatang(satang)).toThrow(RangeError);
    expect(() => promptpayPayload({ id: '0812345678', amountSatang: satang })).toThrow(RangeError);
  });
});

describe('normalizePromptpayId', () => {
  it.each([
    ['0812345678', 'phone', '0812345678'],
    ['081-234-5678', 'phone', '0812345678'],
    ['081 234 5678', 'phone', '0812345678'],
    ['(081) 234.5678', 'phone', '0812345678'],
    ['+66812345678', 'phone', '0812345678'],
    ['+66 81 234 5678', 'phone', '0812345678'],
    ['+66 (0)81 234 5678', 'phone', '0812345678'],
    ['(+66) 81-234-5678', 'phone', '0812345678'],
    ['66812345678', 'phone', '0812345678'],
    ['0612345678', 'phone', '0612345678'],
    ['0912345678', 'phone', '0912345678'],
    ['๐๘๑๒๓๔๕๖๗๘', 'phone', '0812345678'],
    ['  0812345678\u00a0', 'phone', '0812345678'],
    ['8512819188690', 'national-id', '8512819188690'],
    ['8-5128-19188-69-0', 'national-id', '8512819188690'],
    ['0023637209811', 'national-id', '0023637209811'],
    ['004999000288505', 'ewallet', '004999000288505'],
    ['0049-9900-0288-505', 'ewallet', '004999000288505'],
  ] as const)('accepts %j as %s %s', (input, kind, value) => {
    expect(normalizePromptpayId(input)).toEqual({ kind, value });
  });

  it.each([
    '',
    '   ',
    '0212345678', // a Bangkok landline: no PromptPay
    '021234567',
    '081234567', // one digit short
    '08123456789', // one digit long
    '+33612345678', // a French mobile
    '+6602123456',
    '8512819188691', // wrong check digit
    '1234567890123', // wrong check digit
    '00448123456789', // 14 digits
    '0044812345678901', // 16 digits
    '081-234-567a',
    '081/234/5678',
    '081+2345678',
    '+',
    '0812345678 ext 2',
  ])('refuses %j', (input) => {
    expect(normalizePromptpayId(input)).toBeNull();
  });

  it('reads a stored value back as itself', () => {
    for (const input of ['+66 81 234 5678', '8-5128-19188-69-0', '004999000288505']) {
      const id = normalizePromptpayId(input)!;
      expect(normalizePromptpayId(id.value)).toEqual(id);
    }
  });
});

describe('promptpayIdSchema', () => {
  it('stores the ID in its one spelling', () => {
    expect(promptpayIdSchema.parse('+66 81-234-5678')).toBe('0812345678');
    expect(promptpayIdSchema.parse('8-5128-19188-69-0')).toBe('8512819188690');
  });

  it.each(['', 'abc', '0212345678', '8512819188691', '0'.repeat(41), 42])('refuses %j with the French message', (input) => {
    const result = promptpayIdSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([PROMPTPAY_ID_INVALID]);
  });
});

async function decodeQr(image: Sharp): Promise<string | undefined> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe('QR images', () => {
  const payload = promptpayPayload({ id: '081-234-5678', amountSatang: 150_000 });

  it('the PNG decodes back to the payload', async () => {
    const png = await promptpayQrPng(payload);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(await decodeQr(sharp(png))).toBe(payload);
  });

  it('the PNG is opaque with a white quiet zone of 4 modules', async () => {
    const png = await promptpayQrPng(payload);
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    // 8 px per module: the first 32 rows and columns are white, and the finder pattern starts at 32.
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    for (let i = 0; i < 32; i += 1) {
      expect(pixel(i, i)).toEqual([255, 255, 255, 255]);
      expect(pixel(info.width - 1 - i, i)).toEqual([255, 255, 255, 255]);
    }
    expect(pixel(32, 32)).toEqual([0, 0, 0, 255]);
  });

  it('the SVG decodes back to the payload', async () => {
    const svg = await promptpayQrSvg(payload);
    // Rendered at 8 px per module (one viewBox unit is one module, 72 dpi is one unit per px).
    expect(await decodeQr(sharp(Buffer.from(svg), { density: 72 * 8 }))).toBe(payload);
  });

  it('the SVG holds only the svg and path elements, and not the payload text', async () => {
    const svg = await promptpayQrSvg(payload);
    const tags = [...svg.matchAll(/<\/?([a-zA-Z][\w:-]*)/g)].map((m) => m[1]);
    expect(new Set(tags)).toEqual(new Set(['svg', 'path']));
    expect(svg).not.toMatch(/\son\w+=|href|<!|<\?/i);
    expect(svg).not.toContain(payload);
  });

  it('refuses to draw a text that is not a PromptPay payload', async () => {
    const wrongCrc = payload.slice(0, -4) + (payload.endsWith('0000') ? '0001' : '0000');
    for (const text of [wrongCrc, 'hello', `${payload}<script>`, payload.toLowerCase()]) {
      await expect(promptpayQrSvg(text)).rejects.toThrow(RangeError);
      await expect(promptpayQrPng(text)).rejects.toThrow(RangeError);
    }
  });
});
