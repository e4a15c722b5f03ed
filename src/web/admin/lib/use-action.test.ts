import { describe, expect, it } from 'vitest';
import { STALE_EDIT } from '../../../shared/messages';
import { ApiError } from '../../lib/api-client';
import type { ToastInput } from '../components/ui/toast';
import { runAction } from './use-action';

function recorder() {
  const toasts: ToastInput[] = [];
  return { toasts, toast: (t: ToastInput) => void toasts.push(t) };
}
const refused = (status: number, error: string, code = status === 409 ? 'conflict' : 'validation') => new ApiError(status, JSON.stringify({ error, code }));

describe('runAction (what useAction does for every back-office action)', () => {
  it('resolves to the result and shows the success toast, a plain title or a full toast', async () => {
    const { toasts, toast } = recorder();
    expect(await runAction(toast, async () => 7, { success: 'Enregistré', failure: 'x' })).toBe(7);
    await runAction(toast, async () => undefined, { success: { title: 'Supprimée', description: 'Définitivement.' }, failure: 'x' });
    expect(toasts).toEqual([{ title: 'Enregistré' }, { title: 'Supprimée', description: 'Définitivement.' }]);
  });

  it('builds the success toast from the answer when given a function, and shows none when it returns nothing', async () => {
    const { toasts, toast } = recorder();
    await runAction(toast, async () => ({ count: 3 }), { success: (r) => `${r.count} archivées`, failure: 'x' });
    await runAction(toast, async () => ({ count: 0 }), { success: (r) => (r.count ? 'non' : undefined), failure: 'x' });
    expect(toasts).toEqual([{ title: '3 archivées' }]);
  });

  it("shows the server's sentence in an error toast, or the fallback when there is none, and resolves to undefined", async () => {
    const { toasts, toast } = recorder();
    const failing = (err: unknown) => async () => {
      throw err;
    };
    expect(await runAction(toast, failing(refused(400, 'Le nom est requis')), { success: 'non', failure: 'Impossible' })).toBeUndefined();
    await runAction(toast, failing(new ApiError(500, '')), { failure: 'Impossible' });
    await runAction(toast, failing(new TypeError('Failed to fetch')), { failure: 'Hors ligne' });
    expect(toasts).toEqual([
      { title: 'Erreur', description: 'Le nom est requis', variant: 'destructive' },
      { title: 'Erreur', description: 'Impossible', variant: 'destructive' },
      { title: 'Erreur', description: 'Hors ligne', variant: 'destructive' },
    ]);
  });

  it("titles the error toast in the screen's language when told", async () => {
    const { toasts, toast } = recorder();
    await runAction(toast, () => Promise.reject(new Error('no')), { failure: 'Failed to send.', errorTitle: 'Error' });
    expect(toasts).toEqual([{ title: 'Error', description: 'Failed to send.', variant: 'destructive' }]);
  });

  it('hands a stale edit to onStale (no toast), and any other failure to onError when the screen shows it itself', async () => {
    const { toasts, toast } = recorder();
    const stale: string[] = [];
    const shown: string[] = [];
    const texts = { failure: 'Impossible', onStale: (m: string) => void stale.push(m), onError: (m: string) => void shown.push(m) };
    await runAction(toast, () => Promise.reject(refused(409, STALE_EDIT.category, 'stale_version')), texts);
    await runAction(toast, () => Promise.reject(refused(409, 'Ce slug existe déjà', 'slug_taken')), texts);
    expect(stale).toEqual([STALE_EDIT.category]);
    expect(shown).toEqual(['Ce slug existe déjà']);
    expect(toasts).toEqual([]);
  });

  it('a 409 stale refusal is an ordinary error toast when the screen has no stale alert', async () => {
    const { toasts, toast } = recorder();
    await runAction(toast, () => Promise.reject(refused(409, STALE_EDIT.category, 'stale_version')), { failure: 'Impossible' });
    expect(toasts).toEqual([{ title: 'Erreur', description: STALE_EDIT.category, variant: 'destructive' }]);
  });

  it('runs onSettled once after a success and after a failure, after the toast', async () => {
    const { toasts, toast } = recorder();
    const order: string[] = [];
    const onSettled = () => void order.push(`settled after ${toasts.length}`);
    await runAction(toast, async () => 1, { success: 'ok', failure: 'x', onSettled });
    await runAction(toast, () => Promise.reject(new Error('no')), { failure: 'x', onSettled });
    expect(order).toEqual(['settled after 1', 'settled after 2']);
  });
});
