/**
 * The further script hosts a super_admin may allow for the tag manager's tags
 * (docs/decisions/040-csp-for-tag-manager-and-pixel.md): bare https host names only, since each
 * one is written into the Content-Security-Policy header.
 */

/** At most this many extra hosts. */
export const SCRIPT_HOSTS_MAX = 20;

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why `host` is not a bare host name, or null when it is one. */
export function scriptHostProblem(host: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(host) || host.includes('/')) {
    return `"${host}": write the host name alone, without https:// or a path, for example ads.example.com.`;
  }
  if (host.includes('*')) return `"${host}": wildcards are not allowed; list each host by its full name.`;
  if (host.length > 253) return `"${host}" is too long to be a host name.`;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) {
    return `"${host}" is not a host name: use letters, digits, hyphens and dots, for example ads.example.com.`;
  }
  if (/^[0-9]+$/.test(labels.at(-1)!)) return `"${host}": an IP address is not allowed; use the host name.`;
  return null;
}

export type ScriptHostsResult = { ok: true; hosts: string[] } | { ok: false; error: string };

/** One host per line (commas and spaces also separate), lower-cased, duplicates dropped, each checked. */
export function parseScriptHosts(input: string): ScriptHostsResult {
  const hosts = [
    ...new Set(
      input
        .split(/[\s,]+/)
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  for (const host of hosts) {
    const problem = scriptHostProblem(host);
    if (problem) return { ok: false, error: problem };
  }
  if (hosts.length > SCRIPT_HOSTS_MAX) return { ok: false, error: `At most ${SCRIPT_HOSTS_MAX} hosts can be listed.` };
  return { ok: true, hosts };
}
