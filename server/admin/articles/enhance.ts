/**
 * The article editor with JavaScript: the form saves itself as it is typed
 * (../browser/autosave.ts), each save's answer brings the body as the build's
 * renderer makes it into the live preview, and the toolbar's buttons put
 * Markdown at the cursor of the text (or around what is selected).
 */
import { autosaveForm } from '../browser/autosave.ts';

/** What the publish section says of the fields to fix (the admin script keeps it up to date as the draft is saved). */
export const problemsLine = (count: number) => (count ? ` ${count} field(s) above need a change first.` : '');

type Action = 'heading' | 'bold' | 'italic' | 'list' | 'link';

/** The text with the Markdown of `action` at the selection, and where the cursor goes (the selection's new bounds). */
export function insertMarkdown(
  text: string,
  start: number,
  end: number,
  action: Action,
): { text: string; start: number; end: number } {
  const selected = text.slice(start, end);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const wrap = (before: string, after: string, placeholder: string) => {
    const inner = selected || placeholder;
    return {
      text: text.slice(0, start) + before + inner + after + text.slice(end),
      start: start + before.length,
      end: start + before.length + inner.length,
    };
  };
  const prefix = (mark: string, placeholder: string) => {
    const inner = selected || placeholder;
    const lines = inner
      .split('\n')
      .map((line) => mark + line)
      .join('\n');
    // A heading or a list starts its own line.
    const lead = start === lineStart ? '' : '\n\n';
    return {
      text: text.slice(0, start) + lead + lines + text.slice(end),
      start: start + lead.length + mark.length,
      end: start + lead.length + lines.length,
    };
  };
  switch (action) {
    case 'heading':
      return prefix('## ', 'Heading');
    case 'bold':
      return wrap('**', '**', 'bold words');
    case 'italic':
      return wrap('*', '*', 'words');
    case 'list':
      return prefix('- ', 'A point');
    case 'link': {
      const link = wrap('[', '](https://)', 'words of the link');
      // With words chosen, the cursor waits where the address goes.
      if (!selected) return link;
      const at = link.end + '](https://'.length;
      return { ...link, start: at, end: at };
    }
  }
}

function enhanceToolbar(form: HTMLFormElement): void {
  const toolbar = form.querySelector<HTMLElement>('[data-md-toolbar]');
  const area = form.querySelector<HTMLTextAreaElement>('textarea[name="body"]');
  if (!toolbar || !area) return;
  toolbar.hidden = false;
  toolbar.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-md]');
    if (!button) return;
    const next = insertMarkdown(area.value, area.selectionStart, area.selectionEnd, button.dataset.md as Action);
    area.value = next.text;
    area.focus();
    area.setSelectionRange(next.start, next.end);
    // As typing does: the draft is kept on this device and saved.
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The chosen picture shows under its list as soon as it is chosen. */
function enhancePictureChoice(form: HTMLFormElement): void {
  const select = form.querySelector<HTMLSelectElement>('select[name="image"]');
  const shown = form.querySelector<HTMLImageElement>('img[data-picture-preview]');
  if (!select || !shown) return;
  const urls = JSON.parse(shown.dataset.picturePreview ?? '{}') as Record<string, string>;
  select.addEventListener('change', () => {
    const url = urls[select.value];
    shown.hidden = !url;
    if (url) shown.src = url;
  });
}

export function enhanceArticleForm(onSessionEnded: () => void, restored: string[]): void {
  const form = document.querySelector<HTMLFormElement>('form[data-admin-form="article"]');
  if (!form) return;
  enhanceToolbar(form);
  enhancePictureChoice(form);
  const preview = form.querySelector<HTMLElement>('[data-md-preview]');
  autosaveForm({
    form: 'article',
    publishForm: 'article-publish',
    onSessionEnded,
    restored,
    onSaved(answer) {
      // The server's own rendering (sanitised: no raw HTML, only allowed links).
      if (preview && typeof answer.preview === 'string') preview.innerHTML = answer.preview;
      const count = document.querySelector('[data-problem-count]');
      if (count) count.textContent = problemsLine(Object.keys(answer.problems ?? {}).length);
    },
  });
}
