import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Passes are the cells of the owner's price table (issue 21). The stored settings record learns
// which classes each column covers and what each row sells, where its labels are still the seed's
// (SPEC.md §9: 7 rows × 2 columns, 14 passes); rows and columns the owner made up are not sold
// until the owner says what they are in "Paramètres". Saved as a new version with its history
// entry, like any save. Independent of every other migration but 016.
const COLUMNS: Record<string, string> = { 'Muay Thai': 'muay-thai', 'MMA / Wrestling / BJJ / Luta Livre': 'mma' };
const ROWS: Record<string, { key: string; kind: string; days: number }> = {
  '1 session': { key: 'single', kind: 'single', days: 1 },
  'Full day pass': { key: 'day', kind: 'day', days: 1 },
  '1 week, one session/day': { key: 'week-single', kind: 'days-single', days: 7 },
  '1 week, full day': { key: 'week-unlimited', kind: 'days-unlimited', days: 7 },
  '1 month, one session/day': { key: 'month-single', kind: 'days-single', days: 30 },
  '1 month, full day': { key: 'month-unlimited', kind: 'days-unlimited', days: 30 },
  'Private class': { key: 'private', kind: 'private', days: 1 },
};

interface StoredPrices {
  columns?: unknown;
  covers?: unknown;
  rows?: { label?: unknown; pass?: unknown }[];
}

export async function up(db: Kysely<any>): Promise<void> {
  const row: { data: string; version: number } | undefined = await db
    .selectFrom('site_settings')
    .select(['data', 'version'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(row.data) as Record<string, unknown>;
  } catch {
    return;
  }
  const prices = record.prices as StoredPrices | undefined;
  if (!prices || !Array.isArray(prices.columns) || !Array.isArray(prices.rows) || prices.covers !== undefined) return;
  prices.covers = prices.columns.map((c) => (typeof c === 'string' ? (COLUMNS[c] ?? null) : null));
  const used = new Set<string>();
  for (const r of prices.rows) {
    const pass = typeof r.label === 'string' ? ROWS[r.label] : undefined;
    if (!pass || r.pass !== undefined || used.has(pass.key)) continue;
    used.add(pass.key);
    r.pass = { ...pass, hidden: [] };
  }
  const data = JSON.stringify(record);
  const now = new Date().toISOString();
  const version = row.version + 1;
  await db.updateTable('site_settings').set({ data, version, updated_at: now, updated_by: null }).where('id', '=', 1).execute();
  await db
    .insertInto('site_settings_history')
    .values({ version, data, changes: JSON.stringify(['prices']), changed_at: now, changed_by: null })
    .execute();
}
