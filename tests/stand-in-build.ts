import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A stand-in for the build, run as its own process like the real one
 * (server/publish/publisher.ts spawns it): it copies the site in STAND_IN_SOURCE,
 * writes the overlay's facts into _server.json and the home page's tel: link, and
 * notes each run in STAND_IN_LOG; for a business named "Fail …" it fails as the
 * build does, after writing part of its output. The real build runs in
 * tests/e2e/publish.spec.ts.
 */
const SCRIPT = `
import fs from 'node:fs';
import path from 'node:path';
const { DIST_DIR: dist, CONTENT_OVERLAY_DIR: overlay, STAND_IN_SOURCE: source, STAND_IN_LOG: log } = process.env;
const businessFile = path.join(overlay, 'business.json');
const data0 = JSON.parse(fs.readFileSync(path.join(source, '_server.json'), 'utf8'));
const business = fs.existsSync(businessFile) ? JSON.parse(fs.readFileSync(businessFile, 'utf8')) : data0.business;
const { stamp } = JSON.parse(fs.readFileSync(path.join(overlay, 'stamp.json'), 'utf8'));
console.log('Building into ' + dist);
if (log) fs.appendFileSync(log, stamp + '\\n');
if (business.name.startsWith('Fail')) {
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'half-written.html'), 'x');
  console.error('Build failed: Content is invalid:\\n  - content/blog/storm.md: title: Keep it to 70 characters.');
  process.exit(1);
}
fs.cpSync(source, dist, { recursive: true });
const data = JSON.parse(fs.readFileSync(path.join(dist, '_server.json'), 'utf8'));
fs.writeFileSync(path.join(dist, '_server.json'), JSON.stringify({ ...data, business, contentStamp: stamp }));
fs.writeFileSync(path.join(dist, 'index.html'), '<!DOCTYPE html><html lang="en"><head><title>Home</title></head><body><a href="tel:+1' + business.phone.replace(/\\D/g, '') + '">Call</a></body></html>');
`;

/** Writes the stand-in build into `dir`; returns its path, for the publisher's `buildEntry`. */
export function writeStandInBuild(dir: string): string {
  const file = path.join(dir, 'stand-in-build.mjs');
  writeFileSync(file, SCRIPT);
  return file;
}
