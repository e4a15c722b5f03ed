import { errorCode } from '../../lib/api-client';
import type { Translate } from '../../i18n/i18n';
import { wordFit } from '../../lib/word-fit';

// What My page's islands share: the frame and title, and their refusals in the page's language.

export function MeShell({ title, eyebrow, children }: { title: string; eyebrow: string; children: React.ReactNode }) {
  return (
    <div className="container-site py-12 md:py-16">
      <div className="mx-auto max-w-xl">
        <p className="mb-3 text-eyebrow font-bold tracking-(--text-eyebrow--letter-spacing) text-blood-400 uppercase">{eyebrow}</p>
        <h1 className="font-display-tight text-display-sm-fit" style={wordFit(title)}>
          {title}
        </h1>
        <div className="mt-6 rounded-card border border-ink-700 bg-ink-900 p-6 sm:p-8">{children}</div>
      </div>
    </div>
  );
}

/** A refused sign-in step: spent or wrong (`failed`), too many tries, or anything else. */
export function refusalText(err: unknown, t: Translate, failed: string): string {
  const code = errorCode(err);
  if (code === 'me_sign_in_failed') return failed;
  if (code === 'rate_limited') return t('me.tooMany');
  return t('me.failed');
}
