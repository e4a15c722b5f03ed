const SECTIONS = [
  { id: 'salle', label: 'Salle' },
  { id: 'contact', label: 'Contact et réseaux' },
  { id: 'horaires', label: 'Horaires' },
  { id: 'tarifs', label: 'Tarifs' },
  { id: 'paiements', label: 'Paiements' },
  { id: 'cours-prives', label: 'Cours privés' },
  { id: 'mentions-legales', label: 'Mentions légales' },
  { id: 'lettre-visa', label: 'Lettre de visa' },
  { id: 'programmes', label: 'Programmes' },
  { id: 'sejours', label: 'Séjours' },
  { id: 'avis', label: 'Avis' },
  { id: 'textes', label: 'Textes et SEO' },
  { id: 'traductions', label: 'Traductions' },
  { id: 'images', label: 'Images' },
  { id: 'historique', label: 'Historique' },
];

/** Links to each section of the long settings form. */
export function SectionNav() {
  return (
    <nav aria-label="Sections des paramètres" className="mb-4 max-w-5xl">
      <ul className="flex flex-wrap gap-2">
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              className="inline-flex rounded-full border border-gray-300 bg-white px-3 py-1 text-sm font-medium text-gray-900 hover:bg-gray-50"
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
