import { Component, StrictMode, useEffect, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { islands } from 'virtual:islands';
import { errorRecord, reportError } from './error-reporting.ts';
import FallbackScreen from './FallbackScreen.tsx';
import { loadChunk } from './load-chunk.ts';

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

/** Set once per page: only reloading or going home clears it (SPEC.md section 4 "Error screen"). */
function showFallback(): void {
  if (fallbackShown) return;
  fallbackShown = true;
  const host = document.createElement('div');
  host.id = 'fallback-root';
  // The screen is modal: what it covers can be neither focused nor read, so Tab stays on it.
  for (const child of document.body.children) if (child instanceof HTMLElement) child.inert = true;
  document.body.append(host);
  document.body.classList.add('scroll-locked');
  createRoot(host).render(<FallbackScreen {...contact()} />);
}

class IslandBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(errorRecord(error, info.componentStack ?? undefined));
    showFallback();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Hydrated({ marker, children }: { marker: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    // Browser tests wait for this attribute (STYLE.md "Islands").
    marker.setAttribute('data-hydrated', '');
  }, [marker]);
  return <>{children}</>;
}

/** Loads an island's module and hydrates its marker with the props it was rendered with. */
export async function hydrateIsland(marker: HTMLElement | null): Promise<void> {
  // SPEC.md section 8 "Missing root element at start".
  if (!marker || !marker.isConnected) throw new Error('Root element not found');
  const name = marker.dataset.island ?? '';
  const load = (islands as Record<string, () => Promise<IslandModule>>)[name];
  if (!load) throw new Error(`Unknown island "${name}"`);
  const { default: Island, resolveProps } = (await loadChunk(load)) as IslandModule;
  const sent = JSON.parse(marker.dataset.props ?? '{}') as never;
  const props = resolveProps ? await resolveProps(sent) : (sent as Record<string, unknown>);
  if (!props) return;
  hydrateRoot(
    marker,
    <StrictMode>
      <IslandBoundary>
        <Hydrated marker={marker}>
          <Island {...props} />
        </Hydrated>
      </IslandBoundary>
    </StrictMode>,
    {
      // A hydration mismatch React recovers from is still worth knowing about.
      onRecoverableError: (error) => reportError(errorRecord(error)),
    },
  );
}
