/**
 * `navharness <command> --help` loads only the command's module and what it imports statically
 * (issue 41): for the sequence commands that is the flag tables, which read the layers' light
 * surfaces (`choices.ts`) and never a layer's index.ts or node.ts; the layers load in the action,
 * through `await import(...)`. Walks the static value imports with the TypeScript parser
 * (type-only imports are erased, dynamic ones happen when the command runs).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, staticClosure } from '../helpers/static-imports.js';

describe('a command loads no layer for its help', () => {
  it.each(['run', 'eval', 'deploy', 'worker', 'vln', 'mcp', 'sim', 'scene', 'map', 'slam', 'ate', 'dataset', 'report'])(
    'src/commands/%s.ts reaches only light modules',
    (name) => {
      const { files, packages } = staticClosure(join(ROOT, `src/commands/${name}.ts`));
      // geometry/index.ts is plain arithmetic and zod/mini (the house spec's schema): no wasm, no file read
      const layers = files.filter((f) => /^src\/[^/]+\/(index|node)\.ts$/.test(f) && f !== 'src/geometry/index.ts');
      expect(layers, `${name}.ts loads these layers before its action runs`).toEqual([]);
      // zod (classic, and zod/mini with its English messages), commander and cli-progress (the two small
      // required packages) only: the SDKs, vega, the MCP SDK and BullMQ load with the action
      expect(packages.filter((p) => !p.startsWith('node:') && !/^zod(\/|$)/.test(p) && p !== 'commander' && p !== 'cli-progress')).toEqual([]);
    },
  );
});

describe('the cached help loads neither commander nor the catalog', () => {
  it('src/cli.ts imports only the help cache before it knows the command line asks for more', () => {
    const { files, packages } = staticClosure(join(ROOT, 'src/cli.ts'));
    expect(files.sort()).toEqual(['src/cli.ts', 'src/commands/help-cache.ts']);
    expect(packages.filter((p) => !p.startsWith('node:'))).toEqual([]);
  });
});
