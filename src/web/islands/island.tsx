import { createContext, useContext, type ComponentType } from 'react';
import type { IslandName, IslandWhen } from './registry';

type AnyComponent = ComponentType<never>;

/**
 * Set by the server while it renders a page made of islands (entry-server.tsx): each island's
 * own module (server-islands.ts), the code the browser will hydrate it with.
 */
export const IslandComponentsContext = createContext<Record<IslandName, AnyComponent> | null>(null);

/**
 * An interactive part of a public page. The server renders it inside a box-less wrapper that
 * names it and carries its props as JSON; on a page made of islands the browser hydrates that
 * wrapper alone (islands/boot.ts), so the rest of the page stays server HTML that no
 * JavaScript touches. Props must be plain JSON.
 *
 * `component` is what a page hydrated whole renders (there it may be a version whose code
 * waits); on a page made of islands the server renders the island's own module instead, so
 * the HTML always matches what the browser hydrates, and the whole-page app never bundles an
 * island's module it does not render.
 */
export function Island<P extends object>({
  name,
  component,
  props,
  when = 'load',
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  when?: IslandWhen;
}) {
  const islands = useContext(IslandComponentsContext);
  const Shown = (islands?.[name] as ComponentType<P> | undefined) ?? component;
  return (
    <div className="contents" data-island={name} data-when={when} data-props={JSON.stringify(props)}>
      <Shown {...props} />
    </div>
  );
}
