import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{build,pages,content,components,client,lib,server,tests,bench}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['tests/vitest-global-setup.ts'],
    setupFiles: ['tests/vitest-setup.ts'],
  },
});
