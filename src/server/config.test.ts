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
});
