/**
 * A keyboard-accessible lightbox over the project pictures
 * (links marked data-lightbox, see components/WorkCard.tsx). A native modal
 * <dialog> makes the page behind it inert; Left and Right move between the
 * pictures on the page, Escape closes, Tab stays inside, and focus returns to
 * the link that opened it. Motion is CSS only and off under
 * prefers-reduced-motion. Without JavaScript the links open the picture itself.
 */
import { trapTab } from './focus-trap.ts';

let dialog: HTMLDialogElement | undefined;
let items: HTMLAnchorElement[] = [];
let index = 0;
let opener: HTMLElement | null = null;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Node[]) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function build(): HTMLDialogElement {
  const title = el('h2', { id: 'lightbox-title', className: 'lightbox-title' });
  const close = el('button', { type: 'button', className: 'btn btn-outline lightbox-close', textContent: 'Close' });
  close.dataset.close = '';
  const img = el('img', { className: 'lightbox-img', alt: '', decoding: 'async' });
  const caption = el('figcaption', { className: 'lightbox-caption' });
  const prev = el('button', { type: 'button', className: 'btn btn-outline', textContent: 'Previous' });
  prev.dataset.step = '-1';
  const next = el('button', { type: 'button', className: 'btn btn-outline', textContent: 'Next' });
  next.dataset.step = '1';
  const count = el('p', { className: 'lightbox-count' });
  // The heading and picture change in place; this tells a screen reader which picture is now shown.
  const announce = el('p', { className: 'visually-hidden lightbox-announce' });
  announce.setAttribute('aria-live', 'polite');
  const help = el('p', {
    id: 'lightbox-help',
    className: 'visually-hidden',
    textContent: 'Left and right arrow keys move between pictures; Escape closes.',
  });
  const d = el(
    'dialog',
    { className: 'lightbox' },
    el('div', { className: 'lightbox-bar' }, title, close),
    el('figure', { className: 'lightbox-figure' }, img, caption),
    el('div', { className: 'lightbox-nav' }, prev, count, next),
    help,
    announce,
  );
  d.setAttribute('aria-labelledby', 'lightbox-title');
  d.setAttribute('aria-describedby', 'lightbox-help');
  d.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    // A click on the backdrop lands on the dialog element itself.
    if (target === d || target.closest('[data-close]')) d.close();
    const step = target.closest<HTMLElement>('[data-step]')?.dataset.step;
    if (step) move(Number(step));
  });
  d.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      move(event.key === 'ArrowLeft' ? -1 : 1);
    } else {
      trapTab(d, event, 'button:not([disabled])');
    }
  });
  d.addEventListener('close', () => {
    document.documentElement.classList.remove('lightbox-open');
    opener?.focus();
    opener = null;
  });
  document.body.append(d);
  return d;
}

/** The modal dialog already keeps the page inert; this keeps Tab from leaving for the browser's own controls. */

function render(): void {
  const d = dialog!;
  const link = items[index]!;
  const thumb = link.querySelector('img');
  const img = d.querySelector<HTMLImageElement>('.lightbox-img')!;
  img.removeAttribute('srcset');
  img.width = Number(link.dataset.lightboxWidth) || 1200;
  img.height = Number(link.dataset.lightboxHeight) || 800;
  img.src = link.href;
  if (link.dataset.lightboxSrcset) {
    img.srcset = link.dataset.lightboxSrcset;
    img.sizes = '(min-width: 80rem) 72rem, 94vw';
  }
  img.alt = thumb?.alt.replace(/^Image unavailable: /, '') ?? '';
  const title = link.dataset.lightboxTitle ?? '';
  d.querySelector('.lightbox-title')!.textContent = title;
  d.querySelector('.lightbox-caption')!.textContent = img.alt;
  const position = `Picture ${index + 1} of ${items.length}`;
  d.querySelector('.lightbox-count')!.textContent = position;
  // Announced on moves only: on opening, the dialog's own name and description are read.
  d.querySelector('.lightbox-announce')!.textContent = d.open ? `${position}: ${title}` : '';
}

function move(step: number): void {
  if (items.length < 2) return;
  index = (index + step + items.length) % items.length;
  render();
}

/** Opens the lightbox on the picture a link points to, among the pictures now shown on the page. */
export function openLightbox(link: HTMLAnchorElement): void {
  dialog ??= build();
  items = [...document.querySelectorAll<HTMLAnchorElement>('a[data-lightbox]')].filter((a) => a.getClientRects().length > 0);
  index = Math.max(0, items.indexOf(link));
  if (!items.length) items = [link];
  opener = link;
  render();
  document.documentElement.classList.add('lightbox-open');
  dialog.showModal();
  dialog.querySelector<HTMLElement>('[data-close]')!.focus();
}
