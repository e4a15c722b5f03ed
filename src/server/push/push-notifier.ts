import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { PushNotifier } from '../context';
import type { Db } from '../db/database';

// Placeholder: the web-push sender replaces this.
export function createPushNotifier(_deps: { db: Db; config: Config; log: FastifyBaseLogger }): PushNotifier {
  return { notifyStaff() {}, async idle() {} };
}
