import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { UNSUPPORTED_FORMAT } from '../../../src/server/gallery/gallery.service';
import { useBrowserSuite } from '../helpers/fixture';
import { api, expectToast, signedInContext, trackErrors } from './admin-helpers';

// Blog, categories and gallery journeys, signed in as staff (admins reach the same screens).
describe('back office content screens as staff', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ctx = await signedInContext(browser, tokens.staff);
    page = await ctx.newPage();
    errors = trackErrors(page);
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  it('creates a category with a slug from its name, edits it, deletes it', async () => {
    await page.goto(server.url + '/admin/blog');
    await page.getByRole('button', { name: 'Catégories' }).click();
    await page.waitForURL('**/admin/categories');
    await page.getByRole('button', { name: 'Nouvelle catégorie' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle catégorie' });
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await dialog.getByText('Le nom est requis').waitFor();
    await dialog.getByLabel('Nom').fill('Conseils Été 2025!');
    await expect(dialog.getByLabel('Slug').inputValue()).resolves.toBe('conseils-ete-2025');
    await dialog.getByLabel('Description').fill('Pour la saison chaude');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await expectToast(page, 'Catégorie créée');
    const card = page.getByTestId('category-card').filter({ hasText: 'Conseils Été 2025!' });
    await card.getByText('/conseils-ete-2025').waitFor();

    await card.getByRole('button', { name: 'Modifier la catégorie Conseils Été 2025!' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier la catégorie' });
    await edit.getByLabel('Nom').fill('Saison chaude');
    // Edit mode does not regenerate the slug.
    await expect(edit.getByLabel('Slug').inputValue()).resolves.toBe('conseils-ete-2025');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(page, 'Catégorie mise à jour');
    const renamed = page.getByTestId('category-card').filter({ hasText: 'Saison chaude' });
    await renamed.waitFor();

    await renamed.getByRole('button', { name: 'Supprimer la catégorie Saison chaude' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expectToast(page, 'Catégorie supprimée');
    await renamed.waitFor({ state: 'detached' });
    const cats = await api<{ slug: string }[]>(server, 'GET', '/api/blog-categories', undefined, tokens.staff);
    expect(cats.some((c) => c.slug === 'conseils-ete-2025')).toBe(false);
  });

  it('writes a draft with an auto slug and a Markdown preview, publishes it by editing, then deletes it', async () => {
    await page.goto(server.url + '/admin/blog');
    await page.getByRole('button', { name: 'Nouvel article' }).first().click();
    await page.waitForURL('**/admin/blog/new');
    // Required fields, messages of SPEC §5.
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Le titre est requis').waitFor();
    await page.getByText('Le contenu est requis').first().waitFor();
    await page.getByText('La catégorie est requise').waitFor();

    await page.getByLabel('Titre', { exact: true }).fill('  Mon Premier Article: Été!  ');
    await expect(page.getByLabel('Slug').inputValue()).resolves.toBe('mon-premier-article-ete');
    await page
      .getByRole('tabpanel')
      .locator('textarea')
      .fill('## Intro\n\nDu **gras** et une liste :\n\n- un\n- deux\n\n<script>window.__pwned = 1</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    await page.getByRole('tab', { name: 'Aperçu' }).click();
    const preview = page.getByTestId('post-preview');
    await preview.locator('h2', { hasText: 'Intro' }).waitFor();
    await expect(preview.locator('strong').textContent()).resolves.toBe('gras');
    await expect(preview.locator('li').count()).resolves.toBe(2);
    await expect(preview.locator('table').count()).resolves.toBe(1); // GFM
    await expect(preview.locator('script').count()).resolves.toBe(0); // raw HTML dropped
    expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
    await page.getByRole('tab', { name: 'Modifier' }).click();

    await page.locator('#post-category').click();
    await page.getByRole('option').first().click();
    await page.getByLabel('Extrait').fill('Un extrait');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(page, 'Article créé');
    // The editor stays on the new post (now its edit page); Retour leads to the list.
    await page.waitForURL(/\/admin\/blog\/edit\/\d+$/);
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL('**/admin/blog');
    const card = page.getByTestId('blog-card').filter({ hasText: 'Mon Premier Article: Été!' });
    await card.getByText('Brouillon').waitFor();

    const posts = await api<{ id: number; slug: string; published: boolean }[]>(server, 'GET', '/api/blog-posts', undefined, tokens.staff);
    const created = posts.find((p) => p.slug === 'mon-premier-article-ete')!;
    expect(created.published).toBe(false);

    await card.getByRole('link', { name: /Modifier l'article/ }).click();
    await page.waitForURL(`**/admin/blog/edit/${created.id}`);
    await expect(page.getByLabel('Titre', { exact: true }).inputValue()).resolves.toBe('Mon Premier Article: Été!');
    await page.getByLabel('Titre', { exact: true }).fill('Mon article renommé');
    // The slug of an existing post does not follow its title.
    await expect(page.getByLabel('Slug').inputValue()).resolves.toBe('mon-premier-article-ete');
    await page.getByRole('switch', { name: 'Publier immédiatement' }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(page, 'Article mis à jour');
    expect(page.url()).toContain(`/admin/blog/edit/${created.id}`);
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL('**/admin/blog');
    const renamed = page.getByTestId('blog-card').filter({ hasText: 'Mon article renommé' });
    await renamed.getByText('Publié', { exact: true }).waitFor();
    const publicPost = await fetch(`${server.url}/api/blog-posts/mon-premier-article-ete`);
    expect(publicPost.status).toBe(200);

    await renamed.getByRole('button', { name: /Supprimer l'article/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Êtes-vous sûr de vouloir supprimer l'article "Mon article renommé" ?`).waitFor();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expectToast(page, 'Article supprimé');
    await renamed.waitFor({ state: 'detached' });
    expect((await fetch(`${server.url}/api/blog-posts/mon-premier-article-ete`)).status).toBe(404);
  });

  it('shows the server error when saving fails (duplicate slug)', async () => {
    const posts = await api<{ slug: string }[]>(server, 'GET', '/api/blog-posts', undefined, tokens.admin);
    const taken = posts[0].slug;
    await page.goto(server.url + '/admin/blog/new');
    await page.getByLabel('Titre', { exact: true }).fill('Doublon');
    await page.getByLabel('Slug').fill(taken);
    await page.locator('textarea').first().fill('Texte');
    await page.locator('#post-category').click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    // The server's sentence, on the Slug field (issue 13), and the editor stays open.
    await page.locator('#post-slug-error').getByText('Un article avec ce slug existe déjà').waitFor();
    expect(page.url()).toContain('/admin/blog/new');
  });

  it('"view" opens a published post on the public site in a new tab, a draft in the editor preview', async () => {
    const posts = await api<{ id: number; slug: string; title: string; published: boolean; categoryId: number }[]>(
      server,
      'GET',
      '/api/blog-posts',
      undefined,
      tokens.staff,
    );
    const published = posts.find((p) => p.published)!;
    const draft = await api<{ id: number; title: string }>(
      server,
      'POST',
      '/api/blog-posts',
      {
        title: 'Brouillon à voir',
        slug: 'brouillon-a-voir',
        content: '## Pas encore publié',
        excerpt: '',
        featuredImage: '',
        metaTitle: '',
        metaDescription: '',
        categoryId: published.categoryId,
        published: false,
      },
      tokens.staff,
    );

    await page.goto(server.url + '/admin/blog');
    const card = page.getByTestId('blog-card').filter({ hasText: published.title });
    const [tab] = await Promise.all([ctx.waitForEvent('page'), card.getByRole('link', { name: `Voir l'article ${published.title} (nouvel onglet)` }).click()]);
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname).toBe(`/blog/${published.slug}`);
    await tab.getByRole('heading', { level: 1, name: published.title }).waitFor();
    await tab.close();

    const draftCard = page.getByTestId('blog-card').filter({ hasText: 'Brouillon à voir' });
    await draftCard.getByRole('link', { name: "Aperçu de l'article Brouillon à voir" }).click();
    await page.waitForURL(`**/admin/blog/edit/${draft.id}?preview=1`);
    await expect(page.getByRole('tab', { name: 'Aperçu' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByTestId('post-preview').locator('h2', { hasText: 'Pas encore publié' }).waitFor();
  });

  it('says "Erreur lors de la suppression" when a delete fails (the post was already deleted elsewhere)', async () => {
    await page.goto(server.url + '/admin/blog');
    const card = page.getByTestId('blog-card').filter({ hasText: 'Brouillon à voir' });
    await card.waitFor();
    // Someone else deletes it meanwhile: this screen's DELETE gets a real 404.
    const posts = await api<{ id: number; slug: string }[]>(server, 'GET', '/api/blog-posts', undefined, tokens.staff);
    await api(server, 'DELETE', `/api/blog-posts/${posts.find((p) => p.slug === 'brouillon-a-voir')!.id}`, undefined, tokens.admin);
    await card.getByRole('button', { name: "Supprimer l'article Brouillon à voir" }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    const toast = page.locator('.admin-toast');
    await toast.getByText('Erreur lors de la suppression', { exact: true }).waitFor();
    await toast.getByText('Erreur', { exact: true }).waitFor();
    // The list is read again: the post is gone from it.
    await card.waitFor({ state: 'detached' });
  });

  it('adds an image by dropping a file (title from the file name, progress bar), by Instagram link; filters, edits, deletes', async () => {
    await page.goto(server.url + '/admin/gallery');
    await page.getByRole('heading', { name: 'Galerie' }).waitFor();
    await page.getByText('Gérez vos images').waitFor();
    const before = await api<unknown[]>(server, 'GET', '/api/gallery', undefined, tokens.staff);

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc0000' } })
      .png()
      .toBuffer();
    await page.getByTestId('gallery-dropzone').locator('input[type=file]').setInputFiles({ name: 'sparring-session.png', mimeType: 'image/png', buffer: png });
    const dialog = page.getByRole('dialog', { name: 'Ajouter une image' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Titre').inputValue()).resolves.toBe('sparring-session');
    await dialog.getByLabel('Catégorie').fill('e2e-cat');
    // The progress bar may come and go within a frame: record that it was shown at all.
    await page.evaluate(() => {
      const w = window as any;
      w.__sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) w.__sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expectToast(page, 'Image ajoutée à la galerie');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as any).__sawProgress)).toBe(true);
    const card = page.getByTestId('gallery-card').filter({ hasText: 'sparring-session' });
    await card.waitFor();

    // Title is required: the add button stays disabled while it is empty.
    await page.getByRole('button', { name: 'Ajouter une image' }).click();
    await dialog.getByRole('tab', { name: 'Lien Instagram' }).click();
    await expect(dialog.getByRole('button', { name: 'Ajouter' }).isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Lien de la publication Instagram').fill('http://instagram.com/p/abc');
    await dialog.getByText('Format de lien Instagram invalide').waitFor();
    await dialog.getByLabel('Titre').fill('Insta post');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expectToast(page, 'Veuillez saisir un lien Instagram valide');
    await dialog.getByLabel('Lien de la publication Instagram').fill('https://www.instagram.com/p/C0deXyz_1/');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expectToast(page, 'Image Instagram ajoutée à la galerie');
    const insta = page.getByTestId('gallery-card').filter({ hasText: 'Insta post' });
    await insta.getByRole('link', { name: /Instagram/ }).waitFor();

    const after = await api<{ title: string; category: string; instagramUrl: string | null }[]>(server, 'GET', '/api/gallery', undefined, tokens.staff);
    expect(after.length).toBe(before.length + 2);
    expect(after.find((i) => i.title === 'Insta post')?.category).toBe('general');

    // Filter: the e2e category holds the one uploaded image.
    await page.getByRole('combobox', { name: 'Filtrer par catégorie' }).click();
    await page.getByRole('option', { name: 'e2e-cat (1)' }).click();
    await expect(page.getByTestId('gallery-card').count()).resolves.toBe(1);
    await expect(page.getByTestId('gallery-count').textContent()).resolves.toBe('1 image');
    await page.getByRole('combobox', { name: 'Filtrer par catégorie' }).click();
    await page.getByRole('option', { name: /^Sans catégorie/ }).click();
    await insta.waitFor();
    await page.getByRole('combobox', { name: 'Filtrer par catégorie' }).click();
    await page.getByRole('option', { name: /^Toutes les catégories/ }).click();

    await card.hover();
    await card.getByRole('button', { name: 'Modifier sparring-session' }).click();
    const edit = page.getByRole('dialog', { name: "Modifier l'image" });
    // The category field suggests what the add dialog suggests: existing categories and the disciplines.
    const suggestions = await edit.getByLabel('Catégorie').evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((o) => o.value));
    expect(suggestions).toEqual(expect.arrayContaining(['e2e-cat', 'muay-thai', 'bjj', 'events']));
    await expect(edit.getByLabel('Catégorie').inputValue()).resolves.toBe('e2e-cat');
    await edit.getByLabel('Titre').fill('Sparring du soir');
    await edit.getByLabel('Description').fill('Rounds légers');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(page, 'Image mise à jour');
    const edited = page.getByTestId('gallery-card').filter({ hasText: 'Sparring du soir' });
    await edited.getByText('Rounds légers').waitFor();

    // Delete runs at once.
    await edited.hover();
    await edited.getByRole('button', { name: 'Supprimer Sparring du soir' }).click();
    await expectToast(page, 'Image supprimée');
    await edited.waitFor({ state: 'detached' });
    await insta.hover();
    await insta.getByRole('button', { name: 'Supprimer Insta post' }).click();
    await insta.waitFor({ state: 'detached' });
    expect((await api<unknown[]>(server, 'GET', '/api/gallery', undefined, tokens.staff)).length).toBe(before.length);
  });

  it('rejects a file the drop zone does not accept with its own message', async () => {
    await page.goto(server.url + '/admin/gallery');
    await page
      .getByTestId('gallery-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast(page, 'Type de fichier refusé : JPG, PNG, GIF ou WebP uniquement');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  });

  /** Drops files on an element the way a browser does: a DataTransfer with the files, dragenter then drop. */
  async function dropFiles(target: ReturnType<Page['getByTestId']>, files: { name: string; type: string; data: Buffer }[]) {
    const dataTransfer = await page.evaluateHandle(
      (list) => {
        const dt = new DataTransfer();
        for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
        return dt;
      },
      files.map((f) => ({ name: f.name, type: f.type, b64: f.data.toString('base64') })),
    );
    await target.dispatchEvent('dragenter', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
  }

  it('dropping several files takes the first one the zone accepts', async () => {
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0044cc' } })
      .png()
      .toBuffer();
    await page.goto(server.url + '/admin/gallery');
    const zone = page.getByTestId('gallery-dropzone');
    await dropFiles(zone, [
      { name: 'first-round.png', type: 'image/png', data: png },
      { name: 'second-round.png', type: 'image/png', data: png },
    ]);
    const dialog = page.getByRole('dialog', { name: 'Ajouter une image' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Titre').inputValue()).resolves.toBe('first-round');
    await dialog.getByText('first-round.png').waitFor();
    await expect(page.getByText('Un seul fichier à la fois').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A file the zone refuses is passed over: the first accepted one is taken.
    await dropFiles(zone, [
      { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') },
      { name: 'clinch-drill.png', type: 'image/png', data: png },
      { name: 'third.png', type: 'image/png', data: png },
    ]);
    await dialog.waitFor();
    await expect(dialog.getByLabel('Titre').inputValue()).resolves.toBe('clinch-drill');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
  });

  it("an upload the server refuses says \"Impossible d'ajouter l'image\", with the server's reason on a line of its own", async () => {
    await page.goto(server.url + '/admin/gallery');
    // Named and typed as a PNG, but not one: the server reads the bytes and refuses it (415).
    await page
      .getByTestId('gallery-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png, just text') });
    const dialog = page.getByRole('dialog', { name: 'Ajouter une image' });
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    const toast = page.locator('.admin-toast');
    await toast.getByText("Impossible d'ajouter l'image", { exact: true }).waitFor();
    await toast.getByText('Erreur', { exact: true }).waitFor();
    await expect(toast.getByTestId('toast-detail').textContent()).resolves.toBe(UNSUPPORTED_FORMAT);
    // The dialog stays open with the file, so it can be changed.
    await dialog.getByText('broken.png').waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
  });
});
