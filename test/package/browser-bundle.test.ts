/**
 * navharness/core as a browser bundler sees it (issue 39): esbuild --bundle --minify
 * --platform=browser of the browser entry point stays within 200 KB, and classic zod and zod's
 * locales stay out of it (zod/mini, through src/geometry/zod-mini.ts, with English messages only).
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const LIMIT_KB = 200;

describe('the browser bundle of navharness/core', () => {
  it(`is at most ${LIMIT_KB} KB minified, without classic zod or other locales`, async () => {
    const r = await build({
      entryPoints: [new URL('../../src/entry/core.ts', import.meta.url).pathname],
      bundle: true,
      minify: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const kb = r.outputFiles[0].contents.length / 1000;
    // the modules that put code in the bundle (esbuild lists tree-shaken ones with 0 bytes)
    const used = Object.entries(Object.values(r.metafile.outputs)[0].inputs).filter(([, v]) => v.bytesInOutput > 0);
    const inputs = used.map(([k]) => k);
    const zodKb = used.reduce((s, [k, v]) => s + (k.includes('node_modules/zod/') ? v.bytesInOutput : 0), 0) / 1000;
    console.log(`esbuild --bundle --minify --platform=browser of navharness/core: ${kb.toFixed(1)} KB (zod ${zodKb.toFixed(1)} KB)`);
    expect(kb).toBeLessThanOrEqual(LIMIT_KB);
    expect(inputs.filter((f) => /node_modules\/zod\/v4\/classic\//.test(f))).toEqual([]);
    expect(inputs.filter((f) => /node_modules\/zod\/v4\/locales\/(?!en\.js)/.test(f))).toEqual([]);
  });
});
