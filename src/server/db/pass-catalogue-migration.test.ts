import { describe, expect, it } from 'vitest';
import { bareDatabase } from '../../../tests/helpers/bare-database';
import { backends, type Backend } from '../../../tests/helpers/test-app';
import { passesFromSettings } from '../../shared/catalogue';
import { siteSettingsSchema } from '../../shared/schemas/site-settings';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings-data';

// Migration 022: a gym that ran before passes existed sells its own price table's cells, at the
// prices the owner set, once the rows and columns are still the seed's.
describe.each(backends)('migration 022 on stored settings (%s)', (backend: Backend) => {
  const bare = bareDatabase(backend, 'block');

  it('turns the seed rows into passes, keeps the owner’s prices and leaves an invented row unsold', async () => {
    await bare.migrate({ upTo: '021-passes-and-payments' });
    const db = bare.handle.db;
    const row = await db.selectFrom('site_settings').select(['data', 'version']).where('id', '=', 1).executeTakeFirstOrThrow();
    const stored = JSON.parse(row.data) as { prices: { rows: { label: string; prices: number[] }[] } };
    expect(stored.prices).not.toHaveProperty('covers');
    stored.prices.rows[0].prices = [300, 450];
    stored.prices.rows.push({ label: 'Ten-class card', prices: [2000, 3000] });
    await db
      .updateTable('site_settings')
      .set({ data: JSON.stringify(stored) })
      .where('id', '=', 1)
      .execute();

    await bare.migrate();
    const after = await db.selectFrom('site_settings').select(['data', 'version']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(after.version).toBe(row.version + 1);
    const settings = siteSettingsSchema.parse({ ...DEFAULT_SITE_SETTINGS, ...(JSON.parse(after.data) as object) });
    const passes = passesFromSettings(settings);
    expect(passes).toHaveLength(14);
    expect(passes.slice(0, 2).map((p) => [p.id, p.priceSatang])).toEqual([
      ['single.muay-thai', 30_000],
      ['single.mma', 45_000],
    ]);
    const history = await db.selectFrom('site_settings_history').select('changes').where('version', '=', after.version).executeTakeFirstOrThrow();
    expect(JSON.parse(history.changes)).toEqual(['prices']);
  });
});
