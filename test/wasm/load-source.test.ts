/** WebAssembly from bytes or a URL (what a bundler or a page hands over), and refusals of bad sources. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Navcore, Tracker } from '../../src/entry/core.js';

const build = (name: string) => new URL(`../../build/${name}.wasm`, import.meta.url);

describe('WasmSource', () => {
  it('loads navcore from bytes and from a file URL, and maps with it', async () => {
    for (const core of [
      await Navcore.load({ bytes: readFileSync(build('navcore')) }),
      await Navcore.load({ url: build('navcore') }),
      await Navcore.load({ url: build('navcore').href }),
    ]) {
      expect(core.alloc(64)).toBeGreaterThan(0);
    }
  });

  it('loads the tracker from bytes', async () => {
    const t = await Tracker.create(
      { intrinsics: { width: 320, height: 240, fx: 250, fy: 250, cx: 160, cy: 120 } },
      { bytes: new Uint8Array(readFileSync(build('tracker'))) },
    );
    expect([t.width, t.height]).toEqual([320, 240]);
    t.dispose();
  });

  it('refuses a source that is not bytes or not a URL, and bytes that are not the module', async () => {
    await expect(Navcore.load({ bytes: 'abc' as unknown as Uint8Array })).rejects.toThrow(/navcore\.wasm: bytes must be an ArrayBuffer or a Uint8Array/);
    await expect(Navcore.load({ url: 'not a url' })).rejects.toThrow(/navcore\.wasm: url 'not a url' is not a URL/);
    await expect(Navcore.load({ url: new URL('file:///no/such/navcore.wasm') })).rejects.toThrow(/cannot read \/no\/such\/navcore\.wasm/);
    await expect(Navcore.load({ bytes: new Uint8Array([0, 1, 2]) })).rejects.toThrow();
  });
});
