/**
 * The browser demo loads layers through their index.ts: none of what it loads may reach a Node
 * built-in, pngjs or the glTF reader (those live in each layer's node.ts), nor classic zod (the
 * browser-safe layers validate with zod/mini, through src/geometry/zod-mini.ts); nor may the browser
 * entry points of the package (src/entry/core.ts, sim.ts). Walks the value imports with the
 * TypeScript parser; type-only imports are erased and skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const NODE_ONLY = /^(node:|fs$|path$|os$|zlib$|stream$|util$|worker_threads$|child_process$|pngjs|@gltf-transform\/|onnxruntime-node|jpeg-js)/;
// Classic zod runs in a browser but is the bulk of a bundle: neither the demo nor the package's
// browser entry points may carry it (the esbuild size of navharness/core, issue 39).
const CLASSIC_ZOD = /^(zod$|zod\/v4$)/;

/** Value-import specifiers of a module (static imports, re-exports and literal dynamic imports). */
function valueImports(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const c = n.importClause;
      const typeOnly = !!c && (c.isTypeOnly || (!c.name && !!c.namedBindings && ts.isNamedImports(c.namedBindings) && c.namedBindings.elements.length > 0 && c.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(n.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier) && !n.isTypeOnly) {
      const allTypes = !!n.exportClause && ts.isNamedExports(n.exportClause) && n.exportClause.elements.length > 0 && n.exportClause.elements.every((e) => e.isTypeOnly);
      if (!allTypes) out.push(n.moduleSpecifier.text);
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
      out.push(n.arguments[0].text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const c of [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')]) if (existsSync(c) && c.endsWith('.ts')) return c;
  return null;
}

describe('the browser demo imports, and the browser entry points of the package', () => {
  // navharness/core and navharness/sim resolve to these outside Node (package.json "exports")
  it.each(['web/main.ts', 'src/entry/core.ts', 'src/entry/sim.ts'])('%s reaches no Node-only module', (file) => {
    const entry = join(ROOT, file);
    const seen = new Map<string, string | null>([[entry, null]]);
    const queue = [entry];
    const bad: string[] = [];
    while (queue.length) {
      const f = queue.shift()!;
      for (const spec of valueImports(f)) {
        if (spec.startsWith('.')) {
          const r = resolveLocal(f, spec);
          if (r && !seen.has(r)) {
            seen.set(r, f);
            queue.push(r);
          }
        } else if (NODE_ONLY.test(spec) || CLASSIC_ZOD.test(spec)) {
          const chain = [spec, relative(ROOT, f)];
          for (let p = seen.get(f); p; p = seen.get(p)) chain.push(relative(ROOT, p));
          bad.push(chain.join(' <- '));
        }
      }
    }
    expect(seen.size).toBeGreaterThan(15);
    expect(bad).toEqual([]);
  });
});
