import type { ReactNode } from 'react';
import { buttonClass } from '../../components/ui/button';
import type { MessageKey } from '../../../shared/i18n/locales/en';
import type { Translate } from '../../i18n/i18n';
import type { useResource } from '../../lib/resource';

// The frame and the first states of a page a mailed link opens (a booking, a place on a waiting
// list): the shell, and what shows while it loads or when the read failed.

export function LinkPageShell({ children }: { children: ReactNode }) {
  return (
    <div className="container-site py-12 md:py-16">
      <div className="mx-auto max-w-2xl">{children}</div>
    </div>
  );
}

/**
 * The page while its read is under way or after it failed (with a retry), in its shell; null once
 * the read answered, erased or not.
 */
export function linkPageWaiting(
  query: Pick<ReturnType<typeof useResource<unknown>>, 'isPending' | 'isError' | 'isFetching' | 'refetch'>,
  t: Translate,
  loading: MessageKey,
  loadFailed: MessageKey,
): ReactNode {
  if (query.isPending) {
    return (
      <LinkPageShell>
        <p role="status" className="py-12 text-center text-ink-300">
          {t(loading)}
        </p>
      </LinkPageShell>
    );
  }
  if (query.isError) {
    return (
      <LinkPageShell>
        <div role="alert" className="py-12 text-center">
          <p className="text-lg text-ink-300">{t(loadFailed)}</p>
          <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching} className={buttonClass('outline', 'md', 'mt-6')}>
            {t('manage.retry')}
          </button>
        </div>
      </LinkPageShell>
    );
  }
  return null;
}
