// Texts that more than one place writes (server answers, shared schemas, the site and the back
// office): each is defined once here and imported. Texts used in one place stay next to it.

// --- sign-in
export const AUTH_REQUIRED = 'Authentication required';

// --- public forms (contact, newsletter, booking): English, as the site
export const NAME_REQUIRED = 'Name is required';
export const EMAIL_REQUIRED = 'Email is required';
export const INVALID_EMAIL = 'Invalid email';
/** A name that is not one (shared/person-name.ts): several lines, too long, a link or an address. */
export const NAME_INVALID = 'Please enter only your name: one line of at most 100 characters, without a link or an e-mail address';

// --- back office (French)
export const NAME_REQUIRED_FR = 'Le nom est requis';
export const CATEGORY_REQUIRED = 'La catégorie est requise';
export const NO_FILE = 'Veuillez sélectionner un fichier';
export const NO_SELF_DELETE = 'Vous ne pouvez pas supprimer votre propre compte';
export const NO_SELF_DEACTIVATE = 'Vous ne pouvez pas désactiver votre propre compte';
export const NO_SELF_ROLE = 'Vous ne pouvez pas modifier votre propre rôle';
// 409 answers the editors show on their Slug field.
export const POST_SLUG_TAKEN = 'Un article avec ce slug existe déjà';
export const CATEGORY_SLUG_TAKEN = 'Une catégorie avec ce slug existe déjà';

// --- public pages: the API's 404 text (the pages' titles come from the message catalogues,
// whose English 'article.notFoundTitle' is this same text)
export const ARTICLE_NOT_FOUND = 'Article not found';

// --- push subscriptions
export const ENDPOINT_NOT_URL = 'endpoint must be a URL';

/** 409 of a save based on a version someone else has changed since (the editors offer to reload). */
export const STALE_EDIT = {
  post: "Cet article a été modifié par quelqu'un d'autre depuis que vous l'avez ouvert. Rechargez-le pour voir sa dernière version (vos modifications non enregistrées seront perdues).",
  category:
    "Cette catégorie a été modifiée par quelqu'un d'autre depuis que vous l'avez ouverte. Rechargez pour voir sa dernière version (vos modifications non enregistrées seront perdues).",
  galleryItem:
    "Cette image a été modifiée par quelqu'un d'autre depuis que vous l'avez ouverte. Rechargez pour voir sa dernière version (vos modifications non enregistrées seront perdues).",
  siteSettings:
    "Les paramètres du site ont été modifiés par quelqu'un d'autre depuis que vous les avez ouverts. Rechargez pour voir leur dernière version (vos modifications non enregistrées seront perdues).",
  user: "Ce compte a été modifié par quelqu'un d'autre depuis que vous l'avez ouvert. Rechargez pour voir sa dernière version (vos modifications non enregistrées seront perdues).",
} as const;
