import { describe, expect, it } from 'vitest';
import { parseScriptHosts, SCRIPT_HOSTS_MAX } from './script-hosts.ts';

describe('extra script hosts', () => {
  it('takes bare host names, one per line (or separated by commas), lower-cased, without duplicates', () => {
    expect(parseScriptHosts('ads.example.com\nPixel.Partner.io, ads.example.com\n\n')).toEqual({
      ok: true,
      hosts: ['ads.example.com', 'pixel.partner.io'],
    });
    expect(parseScriptHosts('')).toEqual({ ok: true, hosts: [] });
  });

  it.each([
    ['https://ads.example.com', 'without https://'],
    ['ads.example.com/pixel.js', 'without https://'],
    ['*.example.com', 'wildcards are not allowed'],
    ['localhost', 'is not a host name'],
    ['ads.example.com;', 'is not a host name'],
    ["ads.example.com'unsafe-inline'", 'is not a host name'],
    ['аds.example.com', 'is not a host name'],
    ['-ads.example.com', 'is not a host name'],
    ['10.0.0.1', 'an IP address is not allowed'],
    ['data:', 'without https://'],
  ])('refuses %j', (input, message) => {
    const result = parseScriptHosts(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });

  it(`lists at most ${SCRIPT_HOSTS_MAX}`, () => {
    const many = Array.from({ length: SCRIPT_HOSTS_MAX + 1 }, (_, i) => `h${i}.example.com`).join('\n');
    expect(parseScriptHosts(many)).toEqual({ ok: false, error: `At most ${SCRIPT_HOSTS_MAX} hosts can be listed.` });
  });
});
