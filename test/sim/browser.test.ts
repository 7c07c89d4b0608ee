import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CHROMIUM = '/usr/bin/chromium';

// Scene generation, render.wasm, the Recast navmesh and SimBody run unchanged in a browser page.
describe.skipIf(!existsSync(CHROMIUM))('simulator in Chromium (skipped: /usr/bin/chromium not installed)', () => {
  it('generates a house, builds its navmesh and executes a sub-motion in a page', async () => {
    const { createServer } = await import('vite');
    const { chromium } = await import('playwright-core');
    const root = fileURLToPath(new URL('../fixtures/sim-browser/', import.meta.url));
    const server = await createServer({ root, logLevel: 'error', server: { port: 0, fs: { allow: [fileURLToPath(new URL('../..', import.meta.url))] } } });
    await server.listen();
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage();
      const url = server.resolvedUrls?.local[0];
      expect(url).toBeDefined();
      await page.goto(`${url}index.html`);
      await page.waitForFunction(() => document.title.startsWith('ok') || document.title.startsWith('error'), null, { timeout: 110_000 });
      const title = await page.title();
      expect(title).toMatch(/^ok tris=\d+ rgbsum=\d+ depth0=\d/);
      const m = /rgbsum=(\d+)/.exec(title)!;
      expect(Number(m[1])).toBeGreaterThan(320 * 240 * 3 * 20);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
