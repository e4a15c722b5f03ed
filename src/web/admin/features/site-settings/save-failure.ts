import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { SiteSettings, SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { ApiError } from '../../../lib/api-client';
import { staleEditMessage } from '../../components/stale-edit';
import { useToast } from '../../components/ui/toast';
import { fieldId } from './fields';
import { fieldForServerError } from './server-field';

/** When the server's 409 carries no sentence of its own. */
const STALE_FALLBACK =
  "Les paramètres ont été modifiés par quelqu'un d'autre depuis que vous les avez ouverts. Rechargez-les pour voir leur dernière version (vos modifications non enregistrées seront perdues).";

/**
 * useAction's onError for the settings' save: a 409 shows the reload alert; a 400 naming a field
 * puts the sentence on that field (else above the save button); each also says so in a toast.
 */
export function useSaveFailure({
  settings,
  form,
  onStale,
  onFormError,
}: {
  settings: SiteSettings;
  form: Pick<UseFormReturn<SiteSettingsInput, unknown, SiteSettings>, 'setError' | 'setFocus'>;
  onStale: (message: string) => void;
  onFormError: (message: string) => void;
}) {
  const toast = useToast();
  return (message: string, err: unknown) => {
    if (err instanceof ApiError && err.code === 'stale_version') {
      onStale(staleEditMessage(err) ?? STALE_FALLBACK);
      toast({ title: 'Erreur', description: "Les paramètres n'ont pas été enregistrés : quelqu'un d'autre les a modifiés.", variant: 'destructive' });
      return;
    }
    const refused = fieldForServerError(err, (p) => isFormPath(settings, p));
    if (refused) {
      // The server names the field: show the sentence on it, like the form's own checks.
      const { path } = refused;
      if (path) {
        form.setError(path as FieldPath<SiteSettingsInput>, { type: 'server', message });
        document.getElementById(fieldId(path))?.scrollIntoView({ block: 'center' });
        form.setFocus(path as FieldPath<SiteSettingsInput>);
      } else onFormError(message);
    }
    toast({ title: 'Erreur', description: "Les paramètres n'ont pas été enregistrés", detail: message || undefined, variant: 'destructive' });
  };
}

/** True when the dotted path leads to a value of the settings (so a field of the form). */
function isFormPath(settings: SiteSettings, path: string): boolean {
  let node: unknown = settings;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}
