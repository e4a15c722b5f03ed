import { ApiError } from '../../../lib/api-client';
import { LANGUAGE_NAMES_FR, TRANSLATED_LANGUAGES } from '../../../../shared/i18n/languages';
import { WEEKDAYS, WEEKDAY_LABELS_FR } from '../../../../shared/site-settings-data';

// A refused save (code `validation`) answers one sentence, `{ error }`, that names its field in
// French (the shared schema's messages) or, for zod's own messages, starts with the field's path
// ("prices.rows.2.label: ..."). This finds the form field to show it on; null: show it above the
// save button instead.

/** Message starts (the schema's labels) → field path. Longer, more specific ones first. */
const PREFIXES: [prefix: string, path: string][] = [
  ['Numéro WhatsApp', 'whatsapp'],
  ['Le message WhatsApp', 'whatsappGreeting'],
  ['Adresse e-mail', 'email'],
  ['Instagram', 'social.instagram'],
  ['Facebook', 'social.facebook'],
  ['TikTok', 'social.tiktok'],
  ['Latitude', 'geo.latitude'],
  ['Longitude', 'geo.longitude'],
  ['Le nom du club', 'name'],
  ['Le nom court', 'shortName'],
  ['Le slogan', 'tagline'],
  ["L'adresse (rue)", 'address.street'],
  ['La ville', 'address.town'],
  ['La localité', 'address.locality'],
  ['La province', 'address.region'],
  ['Le code postal', 'address.postalCode'],
  ['Le code pays', 'address.countryCode'],
  ['Le pays', 'address.country'],
  ['Le titre SEO', 'seo.title'],
  ['La description SEO', 'seo.description'],
  ["Le bandeau de l'accueil", 'hero.badge'],
  ["Le sous-titre de l'accueil", 'hero.subtitle'],
  ["Le titre de l'accueil", 'hero.title'],
  ['Le mot mis en avant', 'hero.highlight'],
  ["Le texte de l'accueil", 'hero.text'],
  ['Le surtitre « À propos »', 'about.eyebrow'],
  ['Le titre « À propos »', 'about.title'],
  ['Le texte « À propos »', 'about.text'],
  ["Image d'accueil", 'heroImageUrl'],
  ['Logo', 'logoUrl'],
  ['Avis', 'reviews'],
  ['Identifiant PromptPay', 'payments.promptpayId'],
  ['Numéro fiscal', 'payments.taxId'],
  ['Acompte', 'payments.deposit.value'],
  ['Délai d’annulation', 'payments.cancelHours'],
];

/** The field a refused save names, and the sentence to show on it; null unless the answer is a validation one. */
export function fieldForServerError(err: unknown, knownPaths: (path: string) => boolean): { path: string | null; message: string } | null {
  if (!(err instanceof ApiError) || err.code !== 'validation' || !err.serverMessage) return null;
  return { path: fieldForServerMessage(err.serverMessage, knownPaths), message: err.serverMessage };
}

export function fieldForServerMessage(message: string, knownPaths: (path: string) => boolean): string | null {
  // The PUT's body is { settings, version }: zod's own messages name the field under "settings.".
  const dotted = /^(?:settings\.)?([A-Za-z][\w]*(?:\.[\w]+)*): /.exec(message)?.[1];
  if (dotted && knownPaths(dotted)) return dotted;
  for (const day of WEEKDAYS) {
    if (!message.startsWith(`Horaires du ${WEEKDAY_LABELS_FR[day]}`)) continue;
    if (message.includes('ouvert ou fermé')) return `hours.${day}.open`;
    return message.includes("heure d'ouverture") ? `hours.${day}.from` : `hours.${day}.to`;
  }
  const hit = PREFIXES.find(([prefix]) => message.startsWith(prefix));
  if (!hit) return null;
  // A translation's message names its language after the label: "Le slogan (russe) est …".
  const language = TRANSLATED_LANGUAGES.find((l) => message.includes(` (${LANGUAGE_NAMES_FR[l]}) `));
  if (!language) return hit[1];
  // Always a field of the "Traductions" section (its tab shows that it holds an error).
  return translatedPath(hit[1], language);
}

/** Where a translated text sits: beside its group's English fields, or at the top for the slogan and greeting. */
function translatedPath(path: string, language: string): string | null {
  const parts = path.split('.');
  if (parts.length === 1) return ['tagline', 'whatsappGreeting'].includes(path) ? `translations.${language}.${path}` : null;
  if (parts.length === 2 && ['hero', 'about', 'seo'].includes(parts[0])) return `${parts[0]}.translations.${language}.${parts[1]}`;
  return null;
}
