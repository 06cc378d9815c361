import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Finds a Chromium for the browser tests: CHROMIUM_PATH, else
 * /usr/bin/chromium; on Debian as root, installs Debian's package; anywhere else
 * it stops with one sentence saying what to install.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((p): p is string => Boolean(p));
  for (const path of candidates) if (fs.existsSync(path)) return path;
  const debian = fs.existsSync('/etc/debian_version');
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (debian && root) {
    console.log('Chromium not found: installing Debian’s chromium package (apt-get install chromium)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'No Chromium found: install Chromium (on Debian or Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to its executable.',
  );
}

/** Flags for headless Chromium on a closed network (no background calls home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
