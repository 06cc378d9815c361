import type { EnsureHydrated } from '../islands-runtime.ts';

/**
 * The 404 page's 'Search for the missing shingle' button (components/ShingleSearch.tsx):
 * one of its jokes, at random, in a toast. The toast region is the Toaster island,
 * so its code (and React) load only when the button is pressed.
 */
export function enhanceShingleSearch(ensureHydrated: EnsureHydrated): void {
  const button = document.querySelector<HTMLButtonElement>('[data-behaviour="shingle-search"]');
  if (!button) return;
  const jokes = JSON.parse(button.dataset.jokes ?? '[]') as string[];
  button.addEventListener('click', async () => {
    const [{ toast }] = await Promise.all([import('../state.ts'), ensureHydrated('Toaster')]);
    toast(button.dataset.title ?? '', jokes[Math.floor(Math.random() * jokes.length)]);
  });
  button.dataset.enhanced = '';
}
