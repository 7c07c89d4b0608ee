/**
 * What a module loads before its first line runs: its static value imports, walked with the
 * TypeScript parser (dynamic `import()` happens later, when the code that holds it runs), and the
 * modules it loads only when it runs (its `import()` calls).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The modules `source` imports for their values. `import type` and `export type` are erased; under
 * verbatimModuleSyntax (tsconfig.json) `import { type A } from 'x'` is not: it compiles to
 * `import {} from 'x'`, which still loads x and everything x loads.
 */
export function staticValueImports(source: string, fileName = 'module.ts'): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const n of sf.statements) {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      if (!n.importClause?.isTypeOnly) out.push(n.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier) && !n.isTypeOnly) {
      out.push(n.moduleSpecifier.text);
    }
  }
  return out;
}

/** The `import('...')` calls of `source` with a literal specifier, each with whether an `if` holds it. */
export function dynamicImports(source: string, fileName = 'module.ts'): { spec: string; conditional: boolean }[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const out: { spec: string; conditional: boolean }[] = [];
  const visit = (n: ts.Node, conditional: boolean): void => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
      out.push({ spec: n.arguments[0].text, conditional });
    }
    if (ts.isIfStatement(n)) {
      visit(n.expression, conditional);
      visit(n.thenStatement, true);
      if (n.elseStatement) visit(n.elseStatement, true);
    } else ts.forEachChild(n, (c) => visit(c, conditional));
  };
  visit(sf, false);
  return out;
}

export function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const c of [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]) if (existsSync(c)) return c;
  return null;
}

/** Every project file `file` loads before its first line runs (relative to ROOT), and the packages it names. */
export function staticClosure(file: string): { files: string[]; packages: string[] } {
  const seen = new Set([file]);
  const packages = new Set<string>();
  const queue = [file];
  while (queue.length) {
    const f = queue.shift()!;
    for (const spec of staticValueImports(readFileSync(f, 'utf8'), f)) {
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
