import { normalizeIP } from '@fastify/rate-limit';

/**
 * The key a client is counted under: IPv4 per address, IPv6 per /64 (one customer's network;
 * another address within it costs an attacker nothing), an IPv4-mapped IPv6 address as the IPv4.
 */
export const addressKey = (ip: string): string => normalizeIP(ip, 64);
