// One configured `stripe` library client per app. STRIPE_API_URL points it at another host (a
// stand-in on loopback in tests); without it the library talks to Stripe's own API.
import Stripe from 'stripe';
import type { Config } from '../../config';

export type StripeSettings = NonNullable<Config['stripe']>;

/** The library's host, port and protocol options from an http(s) URL. */
export function apiAddress(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    // An IPv6 literal comes bracketed in a URL; the library hands the host to node's http as is.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    ...(settings.apiUrl ? apiAddress(settings.apiUrl) : {}),
    // A checkout is made while the buyer waits: fail within seconds rather than the library's 80 s.
    // Never inside a database transaction (payments/): a slow answer holds no lock.
    timeout: 15_000,
    // The library retries network failures with the same idempotency key, so a retry is one call.
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'gym-website' },
  });
}
