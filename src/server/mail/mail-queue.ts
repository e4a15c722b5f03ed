import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { MailQueue } from '../context';
import type { Db } from '../db/database';

// Placeholder: the outbox worker replaces this.
export function createMailQueue(_deps: { db: Db; config: Config; log: FastifyBaseLogger }): MailQueue {
  return {
    async enqueue() {
      throw new Error('mail queue not implemented');
    },
    kick() {},
    start() {},
    async stop() {},
  };
}
