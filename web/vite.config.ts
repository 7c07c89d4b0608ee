/**
 * The browser demo's build: `vite web` serves it, `vite build web` writes a static site to dist/web/
 * with relative URLs (base './') so that any static file server can host it from any path. The page
 * loads build/*.wasm through `new URL(..., import.meta.url)` in src/wasm/load.ts, which Vite turns
 * into hashed assets.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Recast's WebAssembly comes embedded in one 0.7 MB module; splitting it would not make it smaller
    chunkSizeWarningLimit: 800,
  },
  // the page imports src/ and build/ from the project root, one level up
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
});
