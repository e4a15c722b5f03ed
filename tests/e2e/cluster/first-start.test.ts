import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_ADMIN_EMAIL, CLUSTER_ADMIN_PASSWORD, startCluster, type Cluster } from '../../helpers/cluster';

// Two instances started at the same moment on an empty database: one seeds, both serve.
describe('two instances starting together on an empty database', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ seedDemo: true });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('seed the admin and the demo content once, and both answer through Caddy', async () => {
    const users = await cluster.db.query<{ email: string }>('select email from users');
    expect(users.rows.map((r) => r.email)).toEqual([CLUSTER_ADMIN_EMAIL]);
    const gallery = await cluster.db.query<{ n: number }>('select count(*)::int as n from gallery_items');
    const posts = await cluster.db.query<{ n: number }>('select count(*)::int as n from blog_posts');
    expect(gallery.rows[0].n).toBeGreaterThan(0);
    expect(posts.rows[0].n).toBeGreaterThan(0);
    // Demo content seeded once: no title twice.
    const twice = await cluster.db.query('select title from blog_posts group by title having count(*) > 1');
    expect(twice.rows).toEqual([]);

    for (const target of [cluster.url, ...cluster.instances.map((i) => i.url)]) {
      const res = await fetch(`${target}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: CLUSTER_ADMIN_EMAIL, password: CLUSTER_ADMIN_PASSWORD }),
      });
      expect(res.status, target).toBe(200);
    }
  });
});
