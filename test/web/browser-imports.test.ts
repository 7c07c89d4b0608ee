/**
 * The browser demo loads layers through their index.ts: none of what it loads may reach a Node
 * built-in, pngjs or the glTF reader (those live in each layer's node.ts), nor classic zod (the
 * browser-safe layers validate with zod/mini, through src/geometry/zod-mini.ts); nor may the browser
 * entry points of the package (src/entry/core.ts, sim.ts). Walks the value imports with the
 * TypeScript parser; type-only imports are erased and skipped.
 *
 * One exception, for the demo only: opening a scene file reads glTF with @gltf-transform/core (a
 * browser-safe package, but 0.2 MB the demo's procedural houses never need), so the modules the demo
 * reaches only through a dynamic import() (a chunk loaded when the user opens a scene) may import
 * it. Its initial bundle, what web/main.ts reaches through static imports, still may not.
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
/** What a lazily loaded chunk of the demo may import besides the browser-safe modules. */
const LAZY_ALLOWED = /^@gltf-transform\/core$/;

interface Spec {
  text: string;
  /** a literal import() rather than a static import */
  dynamic: boolean;
}

/** Value-import specifiers of a module (static imports, re-exports and literal dynamic imports). */
function valueImports(file: string): Spec[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Spec[] = [];
  const visit = (n: ts.Node): void => {
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
      if (!typeOnly) out.push({ text: n.moduleSpecifier.text, dynamic: false });
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier) && !n.isTypeOnly) {
      const allTypes =
        !!n.exportClause && ts.isNamedExports(n.exportClause) && n.exportClause.elements.length > 0 && n.exportClause.elements.every((e) => e.isTypeOnly);
      if (!allTypes) out.push({ text: n.moduleSpecifier.text, dynamic: false });
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
      out.push({ text: n.arguments[0].text, dynamic: true });
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

/**
 * Walks the imports from `entry`: the forbidden packages each module reaches, with the chain that
 * reaches it, and the modules reached through static imports alone (the initial bundle). A module
 * reached only through a dynamic import() is lazy, and may import what `lazyAllowed` matches.
 */
function walk(entry: string, lazyAllowed: RegExp | null): { bad: string[]; seen: Map<string, string | null>; eager: Set<string>; lazyPackages: string[] } {
  const seen = new Map<string, string | null>([[entry, null]]);
  const eager = new Set<string>([entry]);
  const queue = [entry];
  const bad: string[] = [];
  const lazyPackages: string[] = [];
  const chainOf = (spec: string, f: string) => {
    const chain = [spec, relative(ROOT, f)];
    for (let p = seen.get(f); p; p = seen.get(p)) chain.push(relative(ROOT, p));
    return chain.join(' <- ');
  };
  // eager modules first: a module reached both ways is eager
  for (const pass of ['eager', 'lazy'] as const) {
    if (pass === 'lazy') queue.push(...seen.keys());
    const visited = new Set<string>();
    while (queue.length) {
      const f = queue.shift()!;
      if (visited.has(f)) continue;
      visited.add(f);
      const isEager = eager.has(f);
      for (const spec of valueImports(f)) {
        if (pass === 'eager' && (spec.dynamic || !isEager)) continue;
        if (spec.text.startsWith('.')) {
          const r = resolveLocal(f, spec.text);
          if (!r) continue;
          if (pass === 'eager') eager.add(r);
          if (!seen.has(r)) seen.set(r, f);
          queue.push(r);
        } else if (pass === 'lazy' && (NODE_ONLY.test(spec.text) || CLASSIC_ZOD.test(spec.text))) {
          if (!isEager && lazyAllowed?.test(spec.text)) lazyPackages.push(chainOf(spec.text, f));
          else bad.push(chainOf(spec.text, f));
        }
      }
    }
  }
  return { bad: [...new Set(bad)], seen, eager, lazyPackages };
}

describe('the browser demo imports, and the browser entry points of the package', () => {
  // navharness/core and navharness/sim resolve to these outside Node (package.json "exports")
  it.each(['src/entry/core.ts', 'src/entry/sim.ts'])('%s reaches no Node-only module', (file) => {
    const { bad, seen } = walk(join(ROOT, file), null);
    expect(seen.size).toBeGreaterThan(15);
    expect(bad).toEqual([]);
  });

  it('web/main.ts reaches no Node-only module, and the glTF reader only from the chunk that opens a scene', () => {
    const { bad, seen, eager, lazyPackages } = walk(join(ROOT, 'web/main.ts'), LAZY_ALLOWED);
    expect(seen.size).toBeGreaterThan(15);
    expect(bad).toEqual([]);
    // the scene opener is loaded, and only lazily; its glTF reader with it
    const opener = join(ROOT, 'src/world/scene-opener.ts');
    expect(seen.has(opener)).toBe(true);
    expect(eager.has(opener)).toBe(false);
    expect(lazyPackages.some((c) => c.startsWith('@gltf-transform/core <- '))).toBe(true);
  });
});
