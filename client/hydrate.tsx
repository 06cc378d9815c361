import { Component, StrictMode, useEffect, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { islands } from 'virtual:islands';
import { errorRecord, reportError } from './error-reporting.ts';
import FallbackScreen from './FallbackScreen.tsx';
import { ensureSheets } from './deferred-sheets.ts';

type IslandModule = {
  default: ComponentType<Record<string, unknown>>;
  /**
   * For an island whose marker carries less than its props (components/Island.tsx
   * `sent`): the props it was rendered with, or null to leave the server's HTML as it is.
   */
  resolveProps?: (sent: never) => Promise<Record<string, unknown> | null>;
};

/** The phone number for the fallback screen, written on <body> by components/Document.tsx. */
function contact(): { phone: string; tel: string } {
  return { phone: document.body.dataset.phone ?? '', tel: document.body.dataset.tel ?? 'tel:' };
}

let fallbackShown = false;

/** Set once per page: the error screen stays until the visitor reloads or goes home. */
function showFallback(): void {
  if (fallbackShown) return;
  fallbackShown = true;
  const host = document.createElement('div');
  host.id = 'fallback-root';
  // The screen is modal: what it covers can be neither focused nor read, so Tab stays on it.
  for (const child of document.body.children) if (child instanceof HTMLElement) child.inert = true;
  document.body.append(host);
  document.body.classList.add('scroll-locked');
  // The phone number shows at once; the screen's own styles follow.
  void ensureSheets('overlays');
  createRoot(host).render(<FallbackScreen {...contact()} />);
}

class IslandBoundary extends Component<{ children: ReactNode; onSettled: () => void }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(errorRecord(error, info.componentStack ?? undefined));
    showFallback();
    this.props.onSettled();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Hydrated({ marker, onHydrated, children }: { marker: HTMLElement; onHydrated: () => void; children: ReactNode }) {
  useEffect(() => {
    // Browser tests wait for this attribute before they use an island.
    marker.setAttribute('data-hydrated', '');
    onHydrated();
  }, [marker]);
  return <>{children}</>;
}

/** Loads a lazy chunk the way client/islands-runtime.ts does, raising its event when the chunk fails to arrive. */
type ChunkLoader = <T>(load: () => Promise<T>) => Promise<T>;

/**
 * Loads an island's module and hydrates its marker with the props it was rendered with,
 * resolving once the hydrating render has committed. Shared state (the popup's open
 * signal, a toast) set by a caller only after that cannot reach the first client render,
 * which must match the server's HTML: set before it, React reports a mismatch (#418)
 * and throws the server's HTML away.
 * The runtime that loaded this module hands over its chunk loader, so the two never import each other.
 */
export async function hydrateIsland(marker: HTMLElement | null, loadChunk: ChunkLoader): Promise<void> {
  // A marker gone from the page (or never there) is an error the boundary reports, not a silent no-op.
  if (!marker || !marker.isConnected) throw new Error('Root element not found');
  const name = marker.dataset.island ?? '';
  const load = (islands as Record<string, () => Promise<IslandModule>>)[name];
  if (!load) throw new Error(`Unknown island "${name}"`);
  const { default: Island, resolveProps } = (await loadChunk(load)) as IslandModule;
  const sent = JSON.parse(marker.dataset.props ?? '{}') as never;
  const props = resolveProps ? await resolveProps(sent) : (sent as Record<string, unknown>);
  if (!props) return;
  await new Promise<void>((settle) => {
    hydrateRoot(
      marker,
      <StrictMode>
        <IslandBoundary onSettled={settle}>
          <Hydrated marker={marker} onHydrated={settle}>
            <Island {...props} />
          </Hydrated>
        </IslandBoundary>
      </StrictMode>,
      {
        // A hydration mismatch React recovers from is still worth knowing about.
        onRecoverableError: (error) => reportError(errorRecord(error)),
      },
    );
  });
}
