/**
 * `navharness <command> --help` loads only the command's module and what it imports statically
 * (issue 41): for the sequence commands that is the flag tables, which read the layers' light
 * surfaces (`choices.ts`) and never a layer's index.ts or node.ts; the layers load in the action,
 * through `await import(...)`. Walks the static value imports with the TypeScript parser
 * (type-only imports are erased, dynamic ones happen when the command runs).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function staticValueImports(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const n of sf.statements) {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const c = n.importClause;
      const typeOnly =
        !!c &&
        (c.isTypeOnly ||
          (!c.name &&
            !!c.namedBindings &&
            ts.isNamedImports(c.namedBindings) &&
            c.namedBindings.elements.length > 0 &&
            c.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(n.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier) && !n.isTypeOnly) {
      out.push(n.moduleSpecifier.text);
    }
  }
  return out;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const c of [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]) if (existsSync(c)) return c;
  return null;
}

/** Every project file `file` loads before its first line runs, and the packages it names. */
function staticClosure(file: string): { files: string[]; packages: string[] } {
  const seen = new Set([file]);
  const packages = new Set<string>();
  const queue = [file];
  while (queue.length) {
    const f = queue.shift()!;
    for (const spec of staticValueImports(f)) {
      if (!spec.startsWith('.')) {
        packages.add(spec);
        continue;
      }
      const r = resolveLocal(f, spec);
      if (r && !seen.has(r)) {
        seen.add(r);
        queue.push(r);
      }
    }
  }
  return { files: [...seen].map((f) => relative(ROOT, f)), packages: [...packages].sort() };
}

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
