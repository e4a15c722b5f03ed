import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';

// Each screen's document title (tab, history, screen reader on navigation), in French.
const TITLES: [pattern: string, title: string][] = [
  ['/admin/login', 'Connexion'],
  ['/admin/forgot-password', 'Mot de passe oublié'],
  ['/admin/reset-password', 'Nouveau mot de passe'],
  ['/admin/dashboard', 'Tableau de bord'],
  ['/admin/blog', 'Blog'],
  ['/admin/blog/new', 'Nouvel article'],
  ['/admin/blog/edit/:id', "Modifier l'article"],
  ['/admin/categories', 'Catégories'],
  ['/admin/gallery', 'Galerie'],
  ['/admin/newsletter', 'Newsletter'],
  ['/admin/newsletter/campagnes/nouvelle', 'Nouvelle campagne'],
  ['/admin/newsletter/campagnes/:id', 'Campagne'],
  ['/admin/messages', 'Messages'],
  ['/admin/messages/:id', 'Conversation'],
  ['/admin/saved-replies', 'Réponses enregistrées'],
  ['/admin/reservations', 'Réservations'],
  ['/admin/planning', 'Planning'],
  ['/admin/orders', 'Commandes'],
  ['/admin/orders/codes', 'Codes promo'],
  ['/admin/orders/:id', 'Commande'],
  ['/admin/visas', 'Visas'],
  ['/admin/stays', 'Hébergement'],
  ['/admin/arrivals', 'Arrivées'],
  ['/admin/cours-prives', 'Cours privés'],
  ['/admin/trainers', 'Entraîneurs'],
  ['/admin/mon-planning', 'Mon planning'],
  ['/admin/clients', 'Clients'],
  ['/admin/clients/:id', 'Client'],
  ['/admin/account', 'Mon compte'],
  ['/admin/personal-data', 'Données personnelles'],
  ['/admin/users', 'Utilisateurs'],
  ['/admin/journal', 'Journal'],
  ['/admin/settings', 'Paramètres'],
  ['/admin/settings/:section', 'Paramètres'],
];

export const ADMIN_TITLE_SUFFIX = 'Administration';

export function adminTitle(pathname: string): string {
  const hit = TITLES.find(([pattern]) => matchPath(pattern, pathname));
  return hit ? `${hit[1]} — ${ADMIN_TITLE_SUFFIX}` : ADMIN_TITLE_SUFFIX;
}

/** Sets document.title from the current back-office path. */
export function RouteTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = adminTitle(pathname);
  }, [pathname]);
  return null;
}
