import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults PORT to 3000 and PUBLIC_URL to localhost on that port', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('derives the default PUBLIC_URL from PORT', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('takes PUBLIC_URL as given, whatever PORT is, without a trailing slash', () => {
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://gym.example/' }).publicUrl).toBe('https://gym.example');
    expect(loadConfig({ PUBLIC_URL: 'https://gym.example/site//' }).publicUrl).toBe('https://gym.example/site');
  });

  it('refuses a PUBLIC_URL that is not an absolute URL, and a bad PORT', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'gym.example' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('reads the per-address limits as <max>/<window>, with defaults, and refuses anything else', () => {
    const d = loadConfig({});
    expect(d.rateLimits.booking).toEqual({ max: 20, windowMs: 600_000 });
    expect(d.loginFailures).toEqual({ max: 10, windowMs: 900_000 });
    const c = loadConfig({ RATE_LIMIT_BOOKING: '1000000/1m', RATE_LIMIT_CONTACT: ' 3 / 30s ', LOGIN_FAILURE_LIMIT: '5/1h' });
    expect(c.rateLimits.booking).toEqual({ max: 1_000_000, windowMs: 60_000 });
    expect(c.rateLimits.contact).toEqual({ max: 3, windowMs: 30_000 });
    expect(c.loginFailures).toEqual({ max: 5, windowMs: 3_600_000 });
    expect(() => loadConfig({ RATE_LIMIT_DEFAULT: '30' })).toThrow(/RATE_LIMIT_DEFAULT/);
    expect(() => loadConfig({ RATE_LIMIT_NEWSLETTER: '5/0m' })).toThrow(/RATE_LIMIT_NEWSLETTER/);
    expect(() => loadConfig({ LOGIN_FAILURE_LIMIT: 'ten/15m' })).toThrow(/LOGIN_FAILURE_LIMIT/);
  });
});
