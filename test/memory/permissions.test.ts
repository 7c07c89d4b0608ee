import { mkdirSync, symlinkSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EVAL_DIR,
  HOUSE_NOTE_FILES,
  RUN_STATE_FILE,
  handoverPath,
  recordPath,
  recoveryNotePath,
  verdictPath,
  evaluationPath,
  type Role,
  type Workspace,
} from '../../src/memory/index.js';
import { tempWorkspace } from './helpers.js';

const T = 'task-002';
const actor: Role = { kind: 'actor', handover: handoverPath(T), recoveryNote: recoveryNotePath(T, 1) };
const orchestrator: Role = { kind: 'orchestrator' };
const consolidation: Role = { kind: 'consolidation' };

const validNote = JSON.stringify({
  searched_places: ['kitchen'],
  exclusions: [{ place: 'kitchen', ruled_out: 'no mug on the counters', supporting_observation: 'all four stop views of the counters' }],
  last_reliable_anchor: 'kitchen_door',
  untried_options: ['dining room'],
  uncertainties: ['the pantry was not opened'],
  suggested_scope: 'room',
});

/** Every path some role might try to write, with the roles allowed to write it. */
const WRITE_TABLE: { path: string; allowed: Role['kind'][] }[] = [
  { path: 'ledger.md', allowed: ['orchestrator'] },
  { path: recordPath('task-001'), allowed: ['orchestrator'] },
  { path: verdictPath('task-001', 'final'), allowed: ['orchestrator'] },
  { path: verdictPath(T, 'prestop'), allowed: ['orchestrator'] },
  { path: 'places/graph.json', allowed: ['orchestrator'] },
  { path: evaluationPath('task-001'), allowed: ['orchestrator'] },
  { path: RUN_STATE_FILE, allowed: ['orchestrator'] },
  { path: handoverPath('task-001'), allowed: [] }, // an earlier task's handover: nobody rewrites it
  { path: handoverPath(T), allowed: ['actor'] },
  { path: recoveryNotePath(T, 1), allowed: ['actor'] },
  { path: recoveryNotePath(T, 2), allowed: [] }, // not the assigned note
  { path: 'notes.md', allowed: [] },
  { path: 'tasks/task-002/extra.md', allowed: [] },
  ...HOUSE_NOTE_FILES.map((f) => ({ path: `house/${f}`, allowed: ['consolidation'] as Role['kind'][] })),
  { path: 'house/other.md', allowed: [] },
];

const ROLES: Role[] = [actor, orchestrator, consolidation];

describe('per-role write permissions', () => {
  let env: ReturnType<typeof tempWorkspace>;
  beforeEach(() => {
    env = tempWorkspace();
  });
  afterEach(() => env.cleanup());

  for (const role of ROLES) {
    for (const row of WRITE_TABLE) {
      const allowed = row.allowed.includes(role.kind);
      it(`${role.kind} ${allowed ? 'may' : 'may not'} write ${row.path}`, () => {
        const ws: Workspace = env.ws;
        const body = row.path.endsWith('.json') && row.path.includes('recovery') ? validNote : '{"x":1}';
        if (role.kind === 'orchestrator') {
          // The orchestrator writes through the harness API, which applies the same table.
          const act = () => ws.writeOwned(role, row.path, body);
          if (allowed) {
            act();
            expect(ws.readRaw(row.path)).toBe(body);
          } else {
            expect(act).toThrow(/orchestrator writes only/);
            expect(ws.exists(row.path)).toBe(false);
          }
          return;
        }
        const r = ws.access(role).write(row.path, body);
        expect(r.ok).toBe(allowed);
        if (allowed) expect(ws.exists(row.path)).toBe(true);
        else {
          expect(r.ok ? '' : r.error).toMatch(/may write only/);
          expect(ws.exists(row.path)).toBe(false);
        }
      });
    }
  }

  it('an acting session cannot overwrite an existing ledger, verdict or house note', () => {
    const ws = env.ws;
    ws.writeOwned(orchestrator, 'ledger.md', 'original ledger');
    ws.writeOwned(orchestrator, verdictPath('task-001', 'final'), 'original verdict');
    ws.access(consolidation).write('house/rooms.md', 'original rooms');
    const a = ws.access(actor);
    expect(a.write('ledger.md', 'overwritten').ok).toBe(false);
    expect(a.write(verdictPath('task-001', 'final'), 'overwritten').ok).toBe(false);
    expect(a.write('house/rooms.md', 'overwritten').ok).toBe(false);
    expect(ws.readRaw('ledger.md')).toBe('original ledger');
    expect(ws.readRaw(verdictPath('task-001', 'final'))).toBe('original verdict');
    expect(ws.readRaw('house/rooms.md')).toBe('original rooms');
  });
});

describe('path escapes are rejected for every role', () => {
  let env: ReturnType<typeof tempWorkspace>;
  let outside: string;
  beforeEach(() => {
    env = tempWorkspace();
    outside = join(env.base, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret.txt'), 'SECRET');
    // symlinks placed inside both roots that lead out of them
    symlinkSync(join(outside, 'secret.txt'), join(env.ws.roots.run, 'link-file.txt'));
    symlinkSync(outside, join(env.ws.roots.run, 'link-dir'));
    symlinkSync(outside, join(env.ws.roots.house, 'link-dir'));
    // a symlink from the house dir into the run dir also leaves its root
    symlinkSync(env.ws.roots.run, join(env.ws.roots.house, 'to-run'));
    mkdirSync(join(env.ws.roots.run, 'tasks', T), { recursive: true });
  });
  afterEach(() => env.cleanup());

  const escapes = (o: string, base: string): string[] => [
    '../outside/secret.txt',
    'tasks/../../outside/secret.txt',
    'house/../../outside/secret.txt',
    './../outside/secret.txt',
    join(o, 'secret.txt'),
    '/etc/passwd',
    join(base, 'houses'),
    'link-file.txt',
    'link-dir/secret.txt',
    'house/link-dir/secret.txt',
    'house/to-run/ledger.md',
    'a\0b',
    'tasks\\..\\..\\outside',
  ];

  for (const role of ROLES) {
    it(`${role.kind}: every read escape fails and leaks nothing`, () => {
      const access = env.ws.access(role);
      for (const p of escapes(outside, env.base)) {
        const r = access.read(p);
        expect(r.ok, p).toBe(false);
        expect(JSON.stringify(r)).not.toContain('SECRET');
        const l = access.list(p);
        expect(l.ok, `list ${p}`).toBe(false);
      }
    });

    it(`${role.kind}: writes through escapes fail and create nothing outside`, () => {
      const access = env.ws.access(role);
      for (const p of [...escapes(outside, env.base), 'link-dir/new.txt', 'house/link-dir/new.md']) {
        expect(access.write(p, 'x').ok, p).toBe(false);
      }
      expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('SECRET');
      expect(existsSync(join(outside, 'new.txt'))).toBe(false);
      expect(existsSync(join(outside, 'new.md'))).toBe(false);
    });
  }

  it('an assigned handover path that is a symlink out of the workspace is refused', () => {
    symlinkSync(join(outside, 'secret.txt'), join(env.ws.roots.run, 'tasks', T, 'handover.md'));
    const r = env.ws.access(actor).write(handoverPath(T), 'pwned');
    expect(r.ok).toBe(false);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('SECRET');
  });

  it('absolute paths inside the roots are accepted', () => {
    env.ws.writeOwned(orchestrator, 'ledger.md', 'L');
    const r = env.ws.access(actor).read(join(env.ws.roots.run, 'ledger.md'));
    expect(r.ok && r.text).toBe('L');
    const w = env.ws.access(consolidation).write(join(env.ws.roots.house, 'index.md'), 'I');
    expect(w.ok && w.path).toBe('house/index.md');
  });
});

describe('harness-private files', () => {
  it('no session can read or list evaluation files or run state; the orchestrator can', () => {
    const env = tempWorkspace();
    try {
      env.ws.writeOwned(orchestrator, evaluationPath('task-001'), '{"success":true}');
      env.ws.writeOwned(orchestrator, RUN_STATE_FILE, '{}');
      env.ws.writeOwned(orchestrator, 'ledger.md', 'L');
      for (const role of [actor, consolidation]) {
        const a = env.ws.access(role);
        expect(a.read(evaluationPath('task-001')).ok).toBe(false);
        expect(a.read(RUN_STATE_FILE).ok).toBe(false);
        expect(a.list(EVAL_DIR).ok).toBe(false);
        const l = a.list();
        expect(l.ok && l.files).toEqual(['ledger.md']);
      }
      expect(env.ws.access(orchestrator).read(evaluationPath('task-001')).ok).toBe(true);
    } finally {
      env.cleanup();
    }
  });
});

describe('dangling and planted symlinks', () => {
  it('a dangling symlink cannot be used to create files outside', () => {
    const env = tempWorkspace();
    try {
      const outside = join(env.base, 'outside-new');
      symlinkSync(outside, join(env.ws.roots.run, 'tasks-link'));
      symlinkSync(join(env.base, 'outside-file.md'), join(env.ws.roots.run, 'dangling.md'));
      mkdirSync(join(env.ws.roots.run, 'tasks', T), { recursive: true });
      symlinkSync(join(env.base, 'planted.md'), join(env.ws.roots.run, 'tasks', T, 'handover.md'));
      const actorHere: Role = { kind: 'actor', handover: handoverPath(T) };
      // folders and files the orchestrator may write, replaced by dangling links that lead outside
      symlinkSync(join(env.base, 'outside-eval'), join(env.ws.roots.run, 'eval'));
      symlinkSync(join(env.base, 'outside-ledger.md'), join(env.ws.roots.run, 'ledger.md'));
      expect(() => env.ws.writeOwned(orchestrator, 'eval/task-001.json', '{}')).toThrow(/resolve|outside/);
      expect(() => env.ws.writeOwned(orchestrator, 'ledger.md', 'L')).toThrow(/resolve|outside/);
      expect(existsSync(join(env.base, 'outside-eval'))).toBe(false);
      expect(existsSync(join(env.base, 'outside-ledger.md'))).toBe(false);
      for (const p of ['tasks-link/x.md', 'dangling.md']) expect(env.ws.access(orchestrator).write(p, 'x').ok, p).toBe(false);
      expect(env.ws.access(actorHere).write(handoverPath(T), 'x').ok).toBe(false);
      expect(existsSync(outside)).toBe(false);
      expect(existsSync(join(env.base, 'outside-file.md'))).toBe(false);
      expect(existsSync(join(env.base, 'planted.md'))).toBe(false);
    } finally {
      env.cleanup();
    }
  });
});
