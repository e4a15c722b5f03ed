import type { ComponentType } from 'react';
import type { IslandName, IslandWhen } from './registry';

/**
 * An interactive part of a public page. The server (and the whole-page app) renders the
 * component inside a box-less wrapper that names it and carries its props as JSON; on a page
 * made of islands the browser hydrates that wrapper alone (islands/boot.tsx), so the rest of
 * the page stays server HTML that no JavaScript touches. Props must be plain JSON.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  when = 'load',
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  when?: IslandWhen;
}) {
  return (
    <div className="contents" data-island={name} data-when={when} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
