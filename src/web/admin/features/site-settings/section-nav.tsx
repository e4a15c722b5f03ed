import { ChevronRight } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { cn } from '../../lib/cn';

/**
 * Paramètres in pages (issue 46): each page holds the sections that are saved together
 * (a programme needs the letterhead, a price cell its payment), `parts` are the sections' ids,
 * so an old link to /admin/settings#<part> still lands on its page.
 */
export const SETTINGS_PAGES = [
  {
    slug: 'general',
    label: 'Général',
    description: 'Nom, adresse, position, contact, réseaux, horaires ; les données de démonstration.',
    parts: ['salle', 'contact', 'horaires'],
  },
  {
    slug: 'tarifs',
    label: 'Tarifs et paiements',
    description: 'Le tableau des prix, ce qui est en vente, PromptPay, l’acompte et la liste d’attente.',
    parts: ['tarifs', 'paiements'],
  },
  { slug: 'cours-prives', label: 'Cours privés', description: 'Durées en vente, préavis minimum et battement entre deux cours.', parts: ['cours-prives'] },
  {
    slug: 'mentions-legales',
    label: 'Mentions légales et visas',
    description: "L'en-tête des reçus et des lettres, le signataire, les programmes long séjour.",
    parts: ['mentions-legales', 'lettre-visa', 'programmes'],
  },
  {
    slug: 'sejours',
    label: 'Séjours et transferts',
    description: 'Transferts depuis l’aéroport, ce que comprend un séjour, acompte et annulation.',
    parts: ['sejours'],
  },
  {
    slug: 'decharge',
    label: 'Décharge et santé',
    description: 'Le texte de la décharge signée avant le premier cours, ses versions, la conservation des réponses de santé, la pause des forfaits.',
    parts: ['decharge', 'membres'],
  },
  {
    slug: 'avis',
    label: 'Avis',
    description: "Les avis affichés sur l'accueil ; les demandes d'avis envoyées aux clients et qui les a reçues ; la cadence d'envoi des campagnes.",
    parts: ['avis', 'avis-clients', 'newsletter'],
  },
  {
    slug: 'textes',
    label: 'Textes et images',
    description: "Accueil, à propos, référencement, en anglais ; le logo et l'image d'accueil.",
    parts: ['textes', 'images'],
  },
  { slug: 'traductions', label: 'Traductions', description: 'Les textes du site dans les autres langues.', parts: ['traductions'] },
  { slug: 'historique', label: 'Historique', description: 'Chaque enregistrement, et la restauration d’une version.', parts: ['historique'] },
] as const;

export type SettingsPageSlug = (typeof SETTINGS_PAGES)[number]['slug'];

export const settingsPage = (slug: string | undefined) => SETTINGS_PAGES.find((p) => p.slug === slug);

/** The page that holds a section's id (an old anchor link). */
export const pageOfPart = (part: string) => SETTINGS_PAGES.find((p) => (p.parts as readonly string[]).includes(part));

/** The index of Paramètres: one link per page, as large rows a thumb can hit. */
export function SettingsIndex() {
  return (
    <nav aria-label="Sections des paramètres" className="max-w-3xl">
      <ul className="grid gap-2 sm:grid-cols-2">
        {SETTINGS_PAGES.map((p) => (
          <li key={p.slug}>
            <Link
              to={`/admin/settings/${p.slug}`}
              className="flex h-full items-center gap-3 rounded-lg border border-gray-200 bg-white p-4 hover:border-red-700 hover:bg-red-50 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-gray-900">{p.label}</span>
                <span className="mt-0.5 block text-sm text-gray-700">{p.description}</span>
              </span>
              <ChevronRight className="h-5 w-5 shrink-0 text-gray-500" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** On a page of Paramètres (from sm up): the other pages, one tap away. */
export function SectionNav() {
  return (
    <nav aria-label="Sections des paramètres" className="mb-4 hidden max-w-5xl sm:block">
      <ul className="flex flex-wrap gap-2">
        {SETTINGS_PAGES.map((p) => (
          <li key={p.slug}>
            <NavLink
              to={`/admin/settings/${p.slug}`}
              className={({ isActive }) =>
                cn(
                  'inline-flex rounded-full border px-3 py-1 text-sm font-medium',
                  isActive ? 'border-red-700 bg-red-700 text-white' : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-50',
                )
              }
            >
              {p.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
