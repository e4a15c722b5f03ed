import webpush from 'web-push';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { getSetting, insertSettingIfAbsent } from './push.repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const VAPID_SETTING_KEY = 'vapid_keys';

// One load per database handle: the notifier and the routes share it.
const cache = new WeakMap<Db, Promise<VapidKeys>>();

function parseStored(value: string): VapidKeys {
  const v = JSON.parse(value) as Partial<VapidKeys>;
  if (typeof v?.publicKey !== 'string' || typeof v?.privateKey !== 'string') {
    throw new Error(`settings.${VAPID_SETTING_KEY} does not hold a VAPID key pair`);
  }
  return { publicKey: v.publicKey, privateKey: v.privateKey };
}

async function loadOrCreate(db: Db): Promise<VapidKeys> {
  const stored = await getSetting(db, VAPID_SETTING_KEY);
  if (stored) return parseStored(stored);
  // Generated once; browsers' subscriptions are bound to this public key, so it must never change.
  const fresh = webpush.generateVAPIDKeys();
  await insertSettingIfAbsent(db, VAPID_SETTING_KEY, JSON.stringify(fresh));
  // Another instance may have stored its pair first: the stored one wins everywhere.
  const winner = await getSetting(db, VAPID_SETTING_KEY);
  if (!winner) throw new Error('VAPID keys could not be stored');
  return parseStored(winner);
}

/** The configured key pair when both halves are set, else the one stored in settings. */
export function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  const { publicKey, privateKey } = config.vapid;
  if (publicKey && privateKey) return Promise.resolve({ publicKey, privateKey });
  let p = cache.get(db);
  if (!p) {
    p = loadOrCreate(db).catch((err) => {
      cache.delete(db); // a passing database error must not stick
      throw err;
    });
    cache.set(db, p);
  }
  return p;
}
