import { errorText } from '../../../lib/api-client';
import { useToast } from '../../components/ui/toast';

/**
 * useAction's onError for an upload: SPEC.md §8's sentence as written, the server's reason (when
 * it gave one) on a line of its own.
 */
export function useUploadFailure(description: string) {
  const toast = useToast();
  return (_message: string, err: unknown) => toast({ title: 'Erreur', description, detail: errorText(err, '') || undefined, variant: 'destructive' });
}
