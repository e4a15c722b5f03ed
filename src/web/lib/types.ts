// API answers the public site reads: the shapes the server's presenters build.
export type {
  BlogCategoryRefDto as BlogCategoryRef,
  BlogPostDto as BlogPost,
  BlogCategoryDto as BlogCategory,
  GalleryVariantDto as GalleryVariant,
  GalleryItemDto as GalleryItem,
} from '../../shared/api-types';
