import { StrictMode, useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islands } from 'virtual:islands';

type IslandModule = { default: ComponentType<Record<string, unknown>> };

function Hydrated({ marker, children }: { marker: HTMLElement; children: React.ReactNode }) {
  useEffect(() => {
    // Browser tests wait for this attribute (STYLE.md "Islands").
    marker.setAttribute('data-hydrated', '');
  }, [marker]);
  return <>{children}</>;
}

/** Loads an island's module and hydrates its marker with the server-rendered props. */
export async function hydrateIsland(marker: HTMLElement): Promise<void> {
  const name = marker.dataset.island ?? '';
  const load = (islands as Record<string, () => Promise<IslandModule>>)[name];
  if (!load) throw new Error(`Unknown island "${name}"`);
  const { default: Island } = await load();
  const props = JSON.parse(marker.dataset.props ?? '{}') as Record<string, unknown>;
  hydrateRoot(
    marker,
    <StrictMode>
      <Hydrated marker={marker}>
        <Island {...props} />
      </Hydrated>
    </StrictMode>,
  );
}
