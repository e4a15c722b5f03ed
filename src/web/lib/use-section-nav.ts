import { useCallback } from 'react';
import { useLocalePath } from '../i18n/i18n';
import { goToSection } from './section-nav';

/** goToSection in the page's language. Needs no router: it also runs in islands. */
export function useSectionNav() {
  const lp = useLocalePath();
  return useCallback((id: string) => goToSection(id, lp('/')), [lp]);
}
