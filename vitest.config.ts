import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{build,pages,content,components,client,lib,server,tests,bench}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', '**/node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A test file reuses the modules its worker already loaded: importing the server anew for each file cost
    // about 5 s of a core, a third of the run. Tests undo what they change (timers, globals, environment).
    isolate: false,
    globalSetup: ['tests/vitest-global-setup.ts'],
    setupFiles: ['tests/vitest-setup.ts'],
  },
});
