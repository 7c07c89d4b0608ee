/**
 * A light command loads only what it runs (issue 41): `navharness ate` scores two TUM files, so its
 * action loads the trajectory errors (src/eval/trajectory-errors.ts), not the eval layer's index.ts,
 * which starts the simulator, the navigator and the wasm loaders; the plot (src/report/ate-plot.ts:
 * vega, not the run reports) and the atomic writer load only with --plot.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dynamicImports, ROOT, staticClosure, staticValueImports } from '../helpers/static-imports.js';

describe('navharness ate loads the trajectory errors only', () => {
  it('imports unconditionally only the trajectory surface; the report and memory layers only under an if (--plot)', () => {
    const imports = dynamicImports(readFileSync(join(ROOT, 'src/commands/ate.ts'), 'utf8'));
    expect(imports.filter((i) => !i.conditional).map((i) => i.spec)).toEqual(['../eval/trajectory-errors.js']);
    expect(imports.filter((i) => i.conditional).map((i) => i.spec)).toEqual(['../report/ate-plot.js', '../memory/index.js']);
  });

  it('the plot loads vega and vega-lite, not the run reports (the report layer reads runs through the eval layer)', () => {
    const { files, packages } = staticClosure(join(ROOT, 'src/report/ate-plot.ts'));
    expect(files.filter((f) => !f.startsWith('src/report/'))).toEqual([]);
    expect(files).not.toContain('src/report/index.ts');
    expect(packages).toEqual(['vega', 'vega-lite']);
  });

  it('the trajectory surface reaches no runner: geometry, the TUM reader and the image decoding it uses', () => {
    const { files, packages } = staticClosure(join(ROOT, 'src/eval/trajectory-errors.ts'));
    const layers = [...new Set(files.map((f) => f.split('/')[1]))].sort();
    expect(layers).toEqual(['body', 'eval', 'geometry', 'image']);
    expect(files).not.toContain('src/eval/index.ts');
    expect(files).not.toContain('src/body/index.ts');
    expect(packages.filter((p) => !p.startsWith('node:') && !/^zod(\/|$)/.test(p))).toEqual(['pngjs']);
  });
});

describe('static value imports', () => {
  it('count `import { type A }` (compiled to `import {} from`, which loads the module), not `import type`', () => {
    expect(staticValueImports("import { type A } from './a.js';\nimport type { B } from './b.js';\nexport type { C } from './c.js';")).toEqual(['./a.js']);
  });

  it('tell an import() under an if from one that always runs', () => {
    expect(dynamicImports("await import('./a.js');\nif (x) { await import('./b.js'); } else await import('./c.js');")).toEqual([
      { spec: './a.js', conditional: false },
      { spec: './b.js', conditional: true },
      { spec: './c.js', conditional: true },
    ]);
  });
});
