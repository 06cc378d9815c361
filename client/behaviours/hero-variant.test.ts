import { describe, expect, it } from 'vitest';
import { HERO_BREAKPOINT_PX, chooseHeroVariant, isHeroVariant } from './hero-variant.ts';

describe('hero variant choice', () => {
  it('accepts only proof, split and beforeAfter', () => {
    expect(['proof', 'split', 'beforeAfter'].every(isHeroVariant)).toBe(true);
    for (const bad of ['Proof', 'before-after', '', 'slider', null, undefined]) expect(isHeroVariant(bad)).toBe(false);
  });

  it('takes a valid query parameter first and saves it', () => {
    expect(chooseHeroVariant({ param: 'beforeAfter', saved: 'proof', width: 400 })).toEqual({
      variant: 'beforeAfter',
      save: true,
    });
  });

  it('ignores an invalid parameter and falls back to the saved value without saving', () => {
    expect(chooseHeroVariant({ param: 'fancy', saved: 'split', width: 1200 })).toEqual({ variant: 'split', save: false });
  });

  it('ignores an invalid saved value and uses the width rule at the 768px breakpoint', () => {
    expect(chooseHeroVariant({ param: null, saved: 'junk', width: HERO_BREAKPOINT_PX - 1 }).variant).toBe('split');
    expect(chooseHeroVariant({ param: null, saved: null, width: HERO_BREAKPOINT_PX }).variant).toBe('proof');
  });
});
