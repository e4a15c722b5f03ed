// Texts that more than one place writes (server answers, shared schemas, the site and the back
// office): each is defined once here and imported. Texts used in one place stay next to it.

// --- sign-in
export const AUTH_REQUIRED = 'Authentication required';

// --- public forms (contact, newsletter, booking): English, as the site
export const NAME_REQUIRED = 'Name is required';
export const EMAIL_REQUIRED = 'Email is required';
export const INVALID_EMAIL = 'Invalid email';

// --- back office (French)
export const NAME_REQUIRED_FR = 'Le nom est requis';
export const CATEGORY_REQUIRED = 'La catégorie est requise';
export const NO_FILE = 'Veuillez sélectionner un fichier';
export const NO_SELF_DELETE = 'Vous ne pouvez pas supprimer votre propre compte';
export const NO_SELF_DEACTIVATE = 'Vous ne pouvez pas désactiver votre propre compte';
export const NO_SELF_ROLE = 'Vous ne pouvez pas modifier votre propre rôle';

// --- public pages: the API's 404 text is also the page title (server-rendered and in the browser)
export const ARTICLE_NOT_FOUND = 'Article not found';
export const PAGE_NOT_FOUND = 'Page not found';

// --- push subscriptions
export const ENDPOINT_NOT_URL = 'endpoint must be a URL';
