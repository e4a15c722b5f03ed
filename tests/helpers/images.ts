import sharp from 'sharp';

// Hostile images for the upload tests, shared by the gallery API suite and the fault suite.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** PNG chunk checksum (CRC-32, as zlib computes it). */
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A real 1×1 PNG whose header is rewritten to declare 30000×30000 (900 megapixels), CRC fixed. */
export async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#a00' } })
      .png()
      .toBuffer(),
  );
  if (png.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('sharp wrote a PNG without IHDR first');
  png.writeUInt32BE(30000, 16);
  png.writeUInt32BE(30000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
