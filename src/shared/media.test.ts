import { describe, expect, it } from 'vitest';
import { srcSetOf, uploadVariants } from './media';

const stem = '0123456789abcdef0123456789abcdef';

describe('uploadVariants (responsive images for URLs of our uploads)', () => {
  it('lists the standard widths below the one in the URL, and the URL itself', () => {
    expect(uploadVariants(`/uploads/gallery/${stem}-1600.webp`)).toEqual([
      { width: 400, url: `/uploads/gallery/${stem}-400.webp` },
      { width: 800, url: `/uploads/gallery/${stem}-800.webp` },
      { width: 1600, url: `/uploads/gallery/${stem}-1600.webp` },
    ]);
    // A picture 1200 px wide has 400 and 800 only; a small one only its own width.
    expect(uploadVariants(`/uploads/gallery/${stem}-800.webp`).map((v) => v.width)).toEqual([400, 800]);
    expect(uploadVariants(`/uploads/gallery/${stem}-320.webp`).map((v) => v.width)).toEqual([320]);
  });

  it('keeps the origin of an absolute URL of the site', () => {
    expect(uploadVariants(`https://gym.example/uploads/gallery/${stem}-800.webp`)[0].url).toBe(`https://gym.example/uploads/gallery/${stem}-400.webp`);
  });

  it('gives nothing for any other URL', () => {
    for (const url of [
      null,
      undefined,
      '',
      'https://images.example.com/a.jpg',
      `/uploads/gallery/${stem}-800.jpg`,
      `/uploads/other/${stem}-800.webp`,
      `/uploads/gallery/${stem}-800.webp?x=1`,
      `/uploads/gallery/../${stem}-800.webp`,
    ]) {
      expect(uploadVariants(url)).toEqual([]);
    }
  });

  it('makes a srcset', () => {
    expect(srcSetOf(uploadVariants(`/uploads/gallery/${stem}-800.webp`))).toBe(
      `/uploads/gallery/${stem}-400.webp 400w, /uploads/gallery/${stem}-800.webp 800w`,
    );
    expect(srcSetOf([])).toBeUndefined();
  });
});

describe('isVisibleGalleryItem (SPEC.md §3)', () => {
  it('shows an item with an image or an Instagram link, not one with neither', async () => {
    const { isVisibleGalleryItem } = await import('./media');
    expect(isVisibleGalleryItem({ imageUrl: '/uploads/gallery/a.webp', instagramUrl: null })).toBe(true);
    expect(isVisibleGalleryItem({ imageUrl: null, instagramUrl: 'https://instagram.com/p/x' })).toBe(true);
    expect(isVisibleGalleryItem({ imageUrl: null, instagramUrl: null })).toBe(false);
    expect(isVisibleGalleryItem({ imageUrl: '', instagramUrl: '' })).toBe(false);
  });
});
