import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './accept-encoding';

describe('negotiateEncoding (RFC 9110 q-values)', () => {
  it.each([
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['*;q=0', null],
    ['*', 'br'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, *', 'gzip'],
    ['br;q=0, *;q=0.5', 'gzip'],
    ['br;q=0.2, *;q=0.5', 'gzip'],
    ['identity;q=0', null],
    ['identity;q=0, *;q=0', null],
    ['identity', null],
    ['identity, gzip;q=0.5', null],
    ['gzip;q=0.5, identity;q=0.1', 'gzip'],
    ['deflate', null],
    ['br ; q=0.8 , gzip ; q=0.9', 'gzip'],
    ['gzip;q=1.0, br;q=1', 'br'],
    ['gzip;q=garbage, br;q=0.1', 'br'],
    ['', null],
  ] as const)('%j → %s', (header, want) => {
    expect(negotiateEncoding(header)).toBe(want);
  });

  it('gives identity when there is no header', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
