import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationsNginxBlock, testNginxConfig, writeNginxConfig } from './nginx.ts';

describe('the nginx configuration in docs/operations.md', () => {
  it('passes nginx -t once its ports and dist/ folder are filled in', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-nginx-t-'));
    try {
      const conf = writeNginxConfig(dir, { upstreamPort: 43210, distDir: path.join(dir, 'dist'), listenPort: 48080 });
      const result = testNginxConfig(conf);
      expect(result.output).toContain('test is successful');
      expect(result.ok, result.output).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes client addresses and the scheme on, and never adds a second HSTS header', () => {
    const block = operationsNginxBlock();
    expect(block).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(block).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    // The server sends HSTS itself whenever SITE_URL is https (server/http/security.ts).
    expect(block).not.toMatch(/strict-transport-security/i);
  });
});
