// API answers the public site reads: the shapes the server's presenters build.
export type { BlogPostDto as BlogPost, BlogCategoryDto as BlogCategory, GalleryItemDto as GalleryItem } from '../../shared/api-types';
