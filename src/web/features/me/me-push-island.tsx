import { lazy, Suspense } from 'react';
import { Island } from '../../islands/island';

// The push switch on My page's signed-in view (decision 188): its code is fetched only once the
// person is signed in, so the signed-out page (the sign-in form) loads none of it.
const MePush = lazy(() => import('./me-push'));

export function MePushIsland() {
  return (
    <Suspense fallback={null}>
      <Island name="me-push" component={MePush} props={{}} when="visible" />
    </Suspense>
  );
}
