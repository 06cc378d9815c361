import type { ComponentType } from 'react';
import { ISLAND_SHEETS, useSheet } from './page-sheets.ts';

export type HydrateOn = 'intent' | 'visible';

interface Props<P> {
  /** The island's default export; its name must match its file in client/islands/. */
  of: ComponentType<P>;
  props: P;
  /**
   * What the marker carries instead of `props`, when the island's module rebuilds
   * the rest in the browser (its `resolveProps` export): for data the HTML already
   * shows, so the page does not carry it twice.
   */
  sent?: object;
  /**
   * When React and the island's code load: `intent` on pointer,
   * focus or touch within it; `visible` when it comes within 200px of the viewport.
   */
  hydrate?: HydrateOn;
  className?: string;
}

/** Names of islands rendered by the page being built; the build checks them against client/islands/. */
export const renderedIslands = new Set<string>();

/**
 * Server-renders an island and writes its marker: the island's name and its
 * props as JSON (or `sent`), which the browser entry reads to hydrate it.
 */
export default function Island<P extends object>({ of: Component, props, sent, hydrate = 'intent', className }: Props<P>) {
  const name = Component.displayName ?? Component.name;
  renderedIslands.add(name);
  for (const sheet of ISLAND_SHEETS[name] ?? []) useSheet(sheet);
  return (
    <div data-island={name} data-hydrate={hydrate} data-props={JSON.stringify(sent ?? props)} className={className ?? 'island'}>
      <Component {...props} />
    </div>
  );
}
