/**
 * Issue 19 item 7: a symbolic link inside the workspace that points into eval/ or .navharness/ must
 * not expose those folders to read_file or list_files. The private check looks at where a path
 * really leads, not only at the path as typed.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handoverPath, type Role } from '../../src/memory/index.js';
import { tempWorkspace } from './helpers.js';

const actor: Role = { kind: 'actor', handover: handoverPath('task-002') };
const consolidation: Role = { kind: 'consolidation' };
const SECRET = '{"task_id":"task-001","success":true,"spl":0.93}';

describe('symbolic links into harness-private folders', () => {
  let env: ReturnType<typeof tempWorkspace>;
  beforeEach(() => {
    env = tempWorkspace();
    const run = env.ws.roots.run;
    mkdirSync(join(run, 'eval'), { recursive: true });
    mkdirSync(join(run, '.navharness'), { recursive: true });
    mkdirSync(join(run, 'tasks', 'task-001'), { recursive: true });
    writeFileSync(join(run, 'eval', 'task-001.json'), SECRET);
    writeFileSync(join(run, '.navharness', 'run-state.json'), '{"secret":1}');
    mkdirSync(join(env.ws.roots.house, '.navharness'), { recursive: true });
    writeFileSync(join(env.ws.roots.house, '.navharness', 'lock'), '{"pid":1}');
    // links a careless user (or a planted file) might leave inside the workspace
    symlinkSync(join(run, 'eval'), join(run, 'notes'));
    symlinkSync(join(run, 'eval', 'task-001.json'), join(run, 'tasks', 'task-001', 'score.json'));
    symlinkSync(join(run, '.navharness'), join(run, 'state'));
    symlinkSync(join(env.ws.roots.house, '.navharness', 'lock'), join(env.ws.roots.house, 'lock.md'));
  });
  afterEach(() => env.cleanup());

  for (const role of [actor, consolidation]) {
    it(`read_file refuses a linked evaluation file or run state (${role.kind})`, () => {
      const files = env.ws.access(role);
      for (const p of ['notes/task-001.json', 'tasks/task-001/score.json', 'state/run-state.json', 'house/lock.md']) {
        const r = files.read(p);
        expect(r.ok, p).toBe(false);
        if (!r.ok) expect(r.error, p).toMatch(/harness-internal/);
      }
    });

    it(`list_files shows nothing behind the links (${role.kind})`, () => {
      const files = env.ws.access(role);
      const all = files.list();
      expect(all.ok).toBe(true);
      if (all.ok) {
        expect(all.files.join('\n')).not.toMatch(/notes\/|score\.json|state\/|lock/);
      }
      expect(files.list('notes').ok).toBe(false);
      expect(files.list('state').ok).toBe(false);
    });
  }

  it('the same files stay readable to the orchestrator through their own paths', () => {
    const r = env.ws.access({ kind: 'orchestrator' }).read('eval/task-001.json');
    expect(r.ok && r.text).toBe(SECRET);
  });
});
