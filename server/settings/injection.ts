/**
 * What the saved settings add to every public page: before `</head>`, the first-party tag-manager bootstrap, the
 * cleaned pixel, the notice's stylesheet and its timer script; right after `<body>`, the
 * container's <noscript> frame and the notice. Nothing typed by an admin reaches
 * the page unchecked: the container id is re-validated, the pixel re-cleaned and
 * the notice rendered by React, which escapes it.
 */
import { parseContainerId } from '../../lib/tag-manager.ts';
import type { ServerData } from '../../lib/server-data.ts';
import type { ServerRender } from '../built/render.ts';
import type { Injection } from '../site/page-injection.ts';
import { publicPolicyFor } from './csp.ts';
import { cleanPixel } from './pixel.ts';
import type { SiteNotice, SiteSettings } from './store.ts';

function attribute(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The notice while it shows: not yet expired at `now`. */
export function liveNotice(notice: SiteNotice | null, now: Date): SiteNotice | null {
  return notice && Date.parse(notice.expiresAt) > now.getTime() ? notice : null;
}

export interface InjectionContext {
  site: Pick<ServerData, 'facts' | 'settingsScripts' | 'settingsStyles'>;
  render: () => Promise<Pick<ServerRender, 'renderSiteNotice'>>;
  pixelHosts: readonly string[];
  now: Date;
}

/** The injection for `settings`, or null when nothing is on (pages are then served exactly as built). */
export async function buildInjection(settings: SiteSettings, context: InjectionContext): Promise<Injection | null> {
  const { site } = context;
  const container = settings.containerId === null ? null : parseContainerId(settings.containerId);
  const containerId = container?.ok ? container.value : null;
  const pixel = settings.pixel.enabled ? cleanPixel(settings.pixel.snippet, context.pixelHosts) : null;
  const notice = liveNotice(settings.notice, context.now);

  const head: string[] = [];
  const body: string[] = [];
  if (containerId) {
    head.push(
      `<script src="${attribute(site.settingsScripts.tagManager)}" data-container="${attribute(containerId)}" async></script>`,
    );
    body.push(
      `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(containerId)}" ` +
        'height="0" width="0" hidden title="Google Tag Manager"></iframe></noscript>',
    );
  }
  if (pixel?.html) head.push(pixel.html);
  if (notice) {
    head.push(`<style>${site.settingsStyles.siteNotice}</style>`);
    head.push(`<script src="${attribute(site.settingsScripts.siteNotice)}" defer></script>`);
    body.push(
      (await context.render()).renderSiteNotice({
        text: notice.text,
        link: notice.link,
        expiresAt: notice.expiresAt,
        phone: site.facts.phone,
      }),
    );
  }
  if (head.length === 0 && body.length === 0) return null;
  return {
    head: head.join(''),
    body: body.join(''),
    policy: publicPolicyFor({
      container: containerId !== null,
      scriptHosts: settings.scriptHosts,
      pixelHosts: pixel?.html ? pixel.hosts : [],
    }),
  };
}
