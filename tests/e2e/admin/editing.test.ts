import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { STALE_EDIT } from '../../../src/shared/messages';
import { useBrowserSuite } from '../helpers/fixture';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer } from '../helpers/server';
import { api, axeViolations, expectToast, trackErrors } from './admin-helpers';

// Work is never lost (issue 13, point 2) and better blog editing (point 5), as staff, at phone
// and desktop widths, in a browser whose zone (New York) is not the gym's (Asia/Bangkok, named Krabi, UTC+7).
const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
];
// Pictures only when E2E_SHOTS_DIR names a folder: full-page PNGs nobody opens cost the suite CPU.
const SHOTS = process.env.E2E_SHOTS_DIR;

interface Post {
  id: number;
  slug: string;
  title: string;
  content: string;
  categoryId: number;
  published: boolean;
  publishedAt: string | null;
  featuredImage: string | null;
  featuredImageAlt: string | null;
  version: number;
}

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

describe('blog editing: unsaved work, drafts, shortcuts, conflicts, gallery image, scheduling', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  let categoryId: number;
  let n = 0;

  beforeAll(async () => {
    categoryId = (await api<{ id: number }>(server, 'POST', '/api/blog-categories', { name: 'Édition', slug: 'edition' }, tokens.staff)).id;
  });

  const makePost = (over: Record<string, unknown> = {}) => {
    n += 1;
    return api<Post>(
      server,
      'POST',
      '/api/blog-posts',
      { title: `Article ${n}`, slug: `article-${n}`, content: `Texte ${n}`, categoryId, published: false, ...over },
      tokens.staff,
    );
  };
  const readPost = (id: number) => api<Post>(server, 'GET', `/api/blog-posts/id/${id}`, undefined, tokens.staff);

  async function uploadToGallery(title: string, data: Buffer) {
    const form = new FormData();
    form.append('title', title);
    form.append('image', new Blob([new Uint8Array(data)], { type: 'image/png' }), `${title}.png`);
    const res = await fetch(`${server.url}/api/gallery`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens.staff}` } });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number; title: string; imageUrl: string };
  }

  for (const vp of VIEWPORTS) {
    describe(`at ${vp.width} px`, () => {
      let ctx: BrowserContext;
      let page: Page;
      let errors: string[];

      beforeAll(async () => {
        ctx = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, timezoneId: 'America/New_York', locale: 'fr-FR' });
        await ctx.addInitScript((t) => {
          if (!sessionStorage.getItem('e2e-init')) {
            sessionStorage.setItem('e2e-init', '1');
            localStorage.setItem('token', t);
          }
        }, tokens.staff);
        page = await ctx.newPage();
        errors = trackErrors(page);
      });
      afterAll(async () => {
        expect(errors).toEqual([]);
        await ctx?.close();
      });

      const titleField = () => page.getByLabel('Titre', { exact: true });
      const openEditor = async (id: number) => {
        await page.goto(`${server.url}/admin/blog/edit/${id}`);
        await expect.poll(() => titleField().inputValue()).not.toBe('');
      };

      it('Ctrl+S saves a new post, the editor stays on it; Cmd+S saves the next change', async () => {
        await page.goto(`${server.url}/admin/blog/new`);
        await titleField().fill(`Raccourci ${vp.name}`);
        await page.locator('textarea').first().fill('Un texte');
        await page.locator('#post-category').click();
        await page.getByRole('option', { name: 'Édition' }).click();
        await page.keyboard.press('Control+s');
        await expectToast(page, 'Article créé');
        await page.waitForURL(/\/admin\/blog\/edit\/\d+$/);
        const id = Number(/edit\/(\d+)$/.exec(page.url())![1]);
        expect((await readPost(id)).title).toBe(`Raccourci ${vp.name}`);
        // The draft of "new" is gone once saved: a fresh editor is empty and offers nothing.
        await titleField().fill(`Raccourci ${vp.name} modifié`);
        await page.keyboard.press('Meta+s');
        await expect.poll(async () => (await readPost(id)).title).toBe(`Raccourci ${vp.name} modifié`);
        expect(page.url()).toMatch(new RegExp(`/admin/blog/edit/${id}$`));
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `saved-${vp.width}.png`), fullPage: true });
        await page.goto(`${server.url}/admin/blog/new`);
        await page.getByRole('heading', { name: 'Nouvel article' }).waitFor();
        expect(await titleField().inputValue()).toBe('');
        expect(await page.getByText('Un brouillon non enregistré').count()).toBe(0);
      });

      it('warns before leaving with unsaved changes: route change asks, closing the tab asks', async () => {
        const post = await makePost();
        await openEditor(post.id);
        // Nothing changed: leaving is free.
        await page.getByRole('button', { name: 'Retour' }).click();
        await page.waitForURL('**/admin/blog');
        await openEditor(post.id);
        await titleField().fill('Travail en cours');
        await page.getByRole('button', { name: 'Retour' }).click();
        const ask = page.getByRole('alertdialog', { name: 'Modifications non enregistrées' });
        await ask.waitFor();
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `leave-${vp.width}.png`) });
        expect(await axeViolations(page)).toEqual([]);
        await ask.getByRole('button', { name: 'Rester sur la page' }).click();
        await ask.waitFor({ state: 'detached' });
        expect(page.url()).toContain(`/admin/blog/edit/${post.id}`);
        expect(await titleField().inputValue()).toBe('Travail en cours');

        // Closing the tab (and reloading) goes through beforeunload: the browser asks.
        const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
        await page.close({ runBeforeUnload: true });
        expect(await asked).toBe('beforeunload');
        expect(page.isClosed()).toBe(false);

        await page.getByRole('button', { name: 'Retour' }).click();
        await ask.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
        await page.waitForURL('**/admin/blog');
        expect((await readPost(post.id)).title).toBe(post.title);
      });

      it('keeps a local draft: after a reload it offers to restore it', async () => {
        const post = await makePost();
        await openEditor(post.id);
        await titleField().fill('Titre du brouillon');
        await page.locator('textarea').first().fill('Paragraphe écrit avant la panne');
        // The reload's beforeunload prompt is accepted: the draft, not the prompt, keeps the work.
        page.on('dialog', acceptDialog);
        await page.reload();
        page.off('dialog', acceptDialog);
        const offer = page.getByText('Un brouillon non enregistré');
        await offer.waitFor();
        // The form shows the saved post until the draft is restored.
        expect(await titleField().inputValue()).toBe(post.title);
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `draft-${vp.width}.png`), fullPage: true });
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Restaurer le brouillon' }).click();
        expect(await titleField().inputValue()).toBe('Titre du brouillon');
        expect(await page.locator('textarea').first().inputValue()).toBe('Paragraphe écrit avant la panne');
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await expectToast(page, 'Article mis à jour');
        const saved = await readPost(post.id);
        expect(saved).toMatchObject({ title: 'Titre du brouillon', content: 'Paragraphe écrit avant la panne' });
        // Saved: the draft is gone.
        await page.reload();
        await expect.poll(() => titleField().inputValue()).toBe('Titre du brouillon');
        expect(await page.getByText('Un brouillon non enregistré').count()).toBe(0);
      });

      it("refuses a save over someone else's newer one with the French message, and reloads", async () => {
        const post = await makePost();
        await openEditor(post.id);
        // A colleague saves meanwhile.
        await api(
          server,
          'PUT',
          `/api/blog-posts/${post.id}`,
          { title: 'Version du collègue', slug: post.slug, content: post.content, categoryId, version: post.version },
          tokens.staff,
        );
        await titleField().fill('Ma version');
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        const alert = page.getByRole('alert').filter({ hasText: STALE_EDIT.post });
        await alert.waitFor();
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `conflict-${vp.width}.png`), fullPage: true });
        expect(await axeViolations(page)).toEqual([]);
        expect((await readPost(post.id)).title).toBe('Version du collègue');
        await alert.getByRole('button', { name: "Recharger l'article" }).click();
        await expect.poll(() => titleField().inputValue()).toBe('Version du collègue');
        // The work of this editor stays available as the local draft.
        await page.getByText('Un brouillon non enregistré').waitFor();
        await page.getByRole('button', { name: 'Restaurer le brouillon' }).click();
        expect(await titleField().inputValue()).toBe('Ma version');
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await expectToast(page, 'Article mis à jour');
        expect((await readPost(post.id)).title).toBe('Ma version');
      });

      it('a category and a gallery item saved meanwhile by someone else: the dialog says so and reloads', async () => {
        const cat = await api<{ id: number; name: string; slug: string; version: number }>(
          server,
          'POST',
          '/api/blog-categories',
          { name: `Catégorie ${vp.name}`, slug: `categorie-${vp.name}` },
          tokens.staff,
        );
        await page.goto(`${server.url}/admin/categories`);
        await page.getByRole('button', { name: `Modifier la catégorie ${cat.name}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Modifier la catégorie' });
        await dialog.getByLabel('Nom').fill('Mon nom');
        await api(server, 'PUT', `/api/blog-categories/${cat.id}`, { name: `Nom du collègue ${vp.name}`, slug: cat.slug, version: cat.version }, tokens.staff);
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        const alert = dialog.getByRole('alert').filter({ hasText: STALE_EDIT.category });
        await alert.waitFor();
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `category-conflict-${vp.width}.png`) });
        await alert.getByRole('button', { name: 'Recharger' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page
          .getByTestId('category-card')
          .filter({ hasText: `Nom du collègue ${vp.name}` })
          .waitFor();
        expect(
          (await api<{ id: number; name: string }[]>(server, 'GET', '/api/blog-categories', undefined, tokens.staff)).find((c) => c.id === cat.id)!.name,
        ).toBe(`Nom du collègue ${vp.name}`);

        const item = await uploadToGallery(`Conflit ${vp.name}`, await png(90, 90, 90));
        const version = (await api<{ id: number; version: number }[]>(server, 'GET', '/api/gallery', undefined, tokens.staff)).find(
          (g) => g.id === item.id,
        )!.version;
        await page.goto(`${server.url}/admin/gallery`);
        const card = page.getByTestId('gallery-card').filter({ hasText: item.title });
        await card.hover();
        await card.getByRole('button', { name: `Modifier ${item.title}` }).click();
        const edit = page.getByRole('dialog', { name: "Modifier l'image" });
        await edit.getByLabel('Titre').fill('Mon titre');
        await api(server, 'PUT', `/api/gallery/${item.id}`, { title: `Titre du collègue ${vp.name}`, category: 'general', version }, tokens.staff);
        await edit.getByRole('button', { name: 'Enregistrer' }).click();
        const galleryAlert = edit.getByRole('alert').filter({ hasText: STALE_EDIT.galleryItem });
        await galleryAlert.waitFor();
        await galleryAlert.getByRole('button', { name: 'Recharger' }).click();
        await edit.waitFor({ state: 'detached' });
        await page
          .getByTestId('gallery-card')
          .filter({ hasText: `Titre du collègue ${vp.name}` })
          .waitFor();
      });

      it('picks the featured image from the gallery or uploads it there, with alt text', async () => {
        const item = await uploadToGallery(`Gala ${vp.name}`, await png(200, 40, 40));
        const post = await makePost();
        await openEditor(post.id);
        await page.getByRole('button', { name: 'Choisir dans la galerie' }).click();
        const picker = page.getByRole('dialog', { name: "Choisir l'image à la une" });
        await picker.getByRole('button', { name: item.title }).waitFor();
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `picker-${vp.width}.png`) });
        expect(await axeViolations(page)).toEqual([]);
        await picker.getByRole('button', { name: item.title }).click();
        await picker.waitFor({ state: 'detached' });
        expect(await page.getByLabel('Image à la une (URL)').inputValue()).toBe(item.imageUrl);
        expect(await page.getByLabel("Texte alternatif de l'image").inputValue()).toBe(item.title);
        await page.getByLabel("Texte alternatif de l'image").fill('Affiche rouge du gala');
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await expectToast(page, 'Article mis à jour');
        expect(await readPost(post.id)).toMatchObject({ featuredImage: item.imageUrl, featuredImageAlt: 'Affiche rouge du gala' });
        // Published, the article shows the image with that alt text and the gallery's WebP srcset.
        await page.getByRole('switch', { name: 'Publier immédiatement' }).click();
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await expect.poll(async () => (await readPost(post.id)).published).toBe(true);
        const article = await (await fetch(`${server.url}/blog/${post.slug}`)).text();
        expect(article).toMatch(/<img[^>]*alt="Affiche rouge du gala"/);
        expect(article).toMatch(/srcSet="[^"]*\.webp \d+w/i);

        // A new file goes into the gallery (its checks, WebP variants) and becomes the image.
        const before = (await api<unknown[]>(server, 'GET', '/api/gallery', undefined, tokens.staff)).length;
        await page.getByRole('button', { name: 'Choisir dans la galerie' }).click();
        await page.locator('#picker-upload').setInputFiles({ name: `affiche-${vp.name}.png`, mimeType: 'image/png', buffer: await png(30, 30, 200) });
        await picker.waitFor({ state: 'detached' });
        const gallery = await api<{ title: string; imageUrl: string; variants: unknown[] }[]>(server, 'GET', '/api/gallery', undefined, tokens.staff);
        expect(gallery.length).toBe(before + 1);
        const added = gallery.find((g) => g.title === `affiche-${vp.name}`)!;
        expect(added.imageUrl).toMatch(/\.webp$/);
        expect(added.variants.length).toBeGreaterThan(0);
        expect(await page.getByLabel('Image à la une (URL)').inputValue()).toBe(added.imageUrl);
        await page.getByTestId('featured-preview').waitFor();
        // A file the gallery refuses is refused here too, in French.
        await page.getByRole('button', { name: 'Choisir dans la galerie' }).click();
        await page.locator('#picker-upload').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
        await picker.getByText('Format accepté : JPG, PNG, GIF ou WebP.').waitFor();
        await picker.getByRole('button', { name: 'Fermer' }).click();
      });

      it('schedules the publication in gym time whatever the browser zone; the public sees it only from then', async () => {
        const post = await makePost();
        await openEditor(post.id);
        await page.getByText('Programmer la publication, heure de Krabi (UTC+7)').waitFor();
        await page.getByLabel(/Programmer la publication/).fill('2030-06-15T09:30');
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await expectToast(page, 'Article mis à jour');
        // 09:30 at the gym (UTC+7) is 02:30 UTC (and 22:30 the day before in New York, the browser's zone).
        const saved = await readPost(post.id);
        expect(saved).toMatchObject({ published: true, publishedAt: '2030-06-15T02:30:00.000Z' });
        expect((await fetch(`${server.url}/api/blog-posts/${post.slug}`)).status).toBe(404);
        const status = page.getByTestId('schedule-status');
        await status.waitFor();
        expect(await status.textContent()).toContain('15 juin 2030');
        expect(await status.textContent()).toContain('09:30');
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `scheduled-${vp.width}.png`), fullPage: true });
        await page.reload();
        await expect.poll(() => page.getByLabel(/Programmer la publication/).inputValue()).toBe('2030-06-15T09:30');
        // The list says so.
        await page.goto(`${server.url}/admin/blog`);
        await page
          .getByTestId('blog-card')
          .filter({ hasText: post.title })
          .getByText(/Programmé le 15 juin 2030/)
          .waitFor();

        // "Publier immédiatement" makes it public now.
        await openEditor(post.id);
        await page.getByRole('switch', { name: 'Publier immédiatement' }).click();
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await expectToast(page, 'Article mis à jour');
        await expect.poll(async () => (await fetch(`${server.url}/api/blog-posts/${post.slug}`)).status).toBe(200);
      });
    });
  }
});

describe('user accounts edited by two admins', () => {
  const { server, browser } = useBrowserSuite();

  for (const vp of VIEWPORTS) {
    it(`at ${vp.width} px the second save is refused with the French message and Recharger`, async () => {
      const adminToken = await adminLogin(server);
      const colleague = await api<{ id: number; name: string; email: string; version: number }>(
        server,
        'POST',
        '/api/auth/register',
        { email: `coach-${vp.width}@example.com`, name: `Coach ${vp.width}`, password: 'coach-password-1', role: 'staff', isActive: true },
        adminToken,
      );
      const ctx = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
      await ctx.addInitScript((t) => localStorage.setItem('token', t), adminToken);
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      await page.goto(`${server.url}/admin/users`);
      await page.getByRole('button', { name: `Modifier ${colleague.name}` }).click();
      const dialog = page.getByRole('dialog', { name: "Modifier l'utilisateur" });
      await dialog.getByLabel('Nom').fill('Mon nom');
      await api(server, 'PUT', `/api/users/${colleague.id}`, { name: `Renommé ${vp.width}`, version: colleague.version }, adminToken);
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      const alert = dialog.getByRole('alert').filter({ hasText: STALE_EDIT.user });
      await alert.waitFor();
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `user-conflict-${vp.width}.png`) });
      await alert.getByRole('button', { name: 'Recharger' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(`Renommé ${vp.width}`).first().waitFor();
      const users = await api<{ id: number; name: string }[]>(server, 'GET', '/api/users', undefined, adminToken);
      expect(users.find((u) => u.id === colleague.id)!.name).toBe(`Renommé ${vp.width}`);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});

async function adminLogin(server: RunningServer): Promise<string> {
  return (await api<{ token: string }>(server, 'POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
}

function acceptDialog(d: { accept: () => Promise<void> }) {
  void d.accept();
}
