// API answers the public site reads (SPEC.md §7, camelCase JSON).

export interface BlogCategoryRef {
  id: number;
  name: string;
  slug: string;
}

export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string | null;
  featuredImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  categoryId: number | null;
  authorId: number | null;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt?: string;
  category: BlogCategoryRef | null;
  author: { id: number; name: string } | null;
}

export interface BlogCategory extends BlogCategoryRef {
  description: string | null;
  createdAt: string;
  postCount?: number;
}

export interface GalleryVariant {
  width: number;
  url: string;
}

export interface GalleryItem {
  id: number;
  title: string;
  description: string | null;
  category: string | null;
  imageUrl: string | null;
  instagramUrl: string | null;
  filename: string | null;
  width?: number | null;
  height?: number | null;
  variants?: GalleryVariant[] | null;
  createdAt: string;
}
