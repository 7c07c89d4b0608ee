/**
 * The tracker's ABI is declared once, in native/include/navtracker.h; src/perception/tracker-abi.ts
 * and native/build.sh's export list must say the same. Read generically from the header (every
 * `nt_*` function, every NT_P_ / NT_C_ / NT_E_ / NT_S_ define and the states), so a function, parameter,
 * counter, error or stage added on one side only fails here, named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { COUNTER, ERROR_BY_CODE, LOOP_STAT, PARAM, RELOC_STAT, STAGE, STATUS_BY_CODE } from '../../src/perception/tracker-abi.js';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

/** The header with its comments removed (a define's value is the number after its name). */
const header = read('native/include/navtracker.h').replace(/\/\*[\s\S]*?\*\//g, '');

function defines(prefix: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of header.matchAll(new RegExp(String.raw`^#define (${prefix}\w+)\s+\(?(-?\d+)\)?`, 'gm'))) out.set(m[1], Number(m[2]));
  return out;
}

/** `nt_*` functions declared in the header, with their parameter counts. */
function headerFunctions(): Map<string, number> {
  const out = new Map<string, number>();
  const body = header.replace(/^#.*$/gm, '');
  for (const m of body.matchAll(/\b(nt_\w+)\s*\(([^)]*)\)\s*;/g)) {
    const params = m[2].trim();
    out.set(m[1], params === '' || params === 'void' ? 0 : params.split(',').length);
  }
  return out;
}

/** The `nt_*` methods of TrackerExports in tracker-abi.ts, with their parameter counts. */
function typescriptFunctions(): Map<string, number> {
  const file = 'src/perception/tracker-abi.ts';
  const sf = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
  const out = new Map<string, number>();
  sf.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'TrackerExports') return;
    for (const m of node.members) {
      if (ts.isMethodSignature(m) && ts.isIdentifier(m.name) && m.name.text.startsWith('nt_')) out.set(m.name.text, m.parameters.length);
    }
  });
  return out;
}

const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);

describe('the tracker ABI: navtracker.h, tracker-abi.ts and build.sh agree', () => {
  it('declares the same functions with the same parameter counts', () => {
    const h = headerFunctions();
    expect(h.size).toBeGreaterThan(10);
    expect(Object.fromEntries(typescriptFunctions())).toEqual(Object.fromEntries(h));
  });

  it('exports every declared function from the wasm build (and only those, besides malloc and free)', () => {
    const list = /EXPORTS='(\[[^']*\])'/.exec(read('native/build.sh'));
    expect(list).not.toBeNull();
    const exported = (JSON.parse(list![1]) as string[]).map((n) => n.replace(/^_/, '')).filter((n) => n !== 'malloc' && n !== 'free');
    expect(exported.sort()).toEqual([...headerFunctions().keys()].sort());
  });

  it('names every parameter key (NT_P_*) and no other', () => {
    expect(sorted(Object.values(PARAM))).toEqual(sorted(defines('NT_P_').values()));
  });

  it('names every counter (NT_C_*) once, in COUNTER, LOOP_STAT or RELOC_STAT', () => {
    const ts_ = [...Object.values(COUNTER), ...Object.values(LOOP_STAT), ...Object.values(RELOC_STAT)];
    expect(new Set(ts_).size).toBe(ts_.length);
    expect(sorted(ts_)).toEqual(sorted(defines('NT_C_').values()));
  });

  it('names every stage of nt_stage_times (NT_S_*) in order, and their count', () => {
    const stages = defines('NT_S_');
    expect(stages.get('NT_S_COUNT')).toBe(Object.keys(STAGE).length);
    stages.delete('NT_S_COUNT');
    expect(Object.values(STAGE)).toEqual([...stages.values()]);
    expect(Object.values(STAGE)).toEqual(Object.keys(STAGE).map((_, i) => i));
  });

  it('describes every error code (NT_E_*) and the four states in order', () => {
    expect(sorted(Object.keys(ERROR_BY_CODE).map(Number))).toEqual(sorted(defines('NT_E_').values()));
    const states = [...defines('NT_').entries()].filter(([k]) => !/^NT_[PCES]_/.test(k));
    expect(Object.fromEntries(states)).toEqual({ NT_INITIALISING: 0, NT_OK: 1, NT_RECENTLY_LOST: 2, NT_LOST: 3 });
    expect(STATUS_BY_CODE).toEqual(['initialising', 'ok', 'recently_lost', 'lost']);
  });
});
