import { STORAGE_KEYS } from '../storage-keys.ts';

/** The only accepted hero variants. */
export const HERO_VARIANTS = ['proof', 'split', 'beforeAfter'] as const;
export type HeroVariant = (typeof HERO_VARIANTS)[number];

/** Below this width the default is split, otherwise proof. */
export const HERO_BREAKPOINT_PX = 768;

export function isHeroVariant(value: unknown): value is HeroVariant {
  return typeof value === 'string' && (HERO_VARIANTS as readonly string[]).includes(value);
}

/**
 * A valid ?hero= (also saved), else the
 * saved value, else split under 768px wide, otherwise proof.
 */
export function chooseHeroVariant(input: { param: string | null; saved: string | null; width: number }): {
  variant: HeroVariant;
  save: boolean;
} {
  if (isHeroVariant(input.param)) return { variant: input.param, save: true };
  if (isHeroVariant(input.saved)) return { variant: input.saved, save: false };
  return { variant: input.width < HERO_BREAKPOINT_PX ? 'split' : 'proof', save: false };
}

function readSaved(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.heroVariant);
  } catch {
    return null;
  }
}

/**
 * Applies the choice to the hero. Until this runs the server HTML shows the
 * width default with CSS alone, so nothing shifts unless a
 * parameter or saved choice asks for another variant.
 */
export function applyHeroVariant(): void {
  const hero = document.querySelector<HTMLElement>('[data-hero]');
  if (!hero) return;
  const { variant, save } = chooseHeroVariant({
    param: new URLSearchParams(location.search).get('hero'),
    saved: readSaved(),
    width: window.innerWidth,
  });
  if (save) {
    try {
      localStorage.setItem(STORAGE_KEYS.heroVariant, variant);
    } catch {
      // Private mode or full storage: the choice still applies to this page.
    }
  }
  hero.dataset.variant = variant;
}
