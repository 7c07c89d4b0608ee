import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// the package's entry points resolve to their sources, as tsconfig.json's "paths" say for tsc and tsx
const entry = (file: string) => fileURLToPath(new URL(`./src/entry/${file}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^navharness$/, replacement: entry('navharness.ts') },
      { find: /^navharness\/core$/, replacement: entry('core-node.ts') },
      { find: /^navharness\/sim$/, replacement: entry('sim-node.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // test/browser/ drives Debian's Chromium and skips, saying why, where it is not installed
    exclude: ['node_modules/**'],
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
