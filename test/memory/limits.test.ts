import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READ_LIMIT_CHARS, WRITE_LIMIT_CHARS, handoverPath, recoveryNotePath, type Role } from '../../src/memory/index.js';
import { tempWorkspace } from './helpers.js';

const T = 'task-004';
const actor: Role = { kind: 'actor', handover: handoverPath(T), recoveryNote: recoveryNotePath(T, 1) };

describe('read and write limits', () => {
  let env: ReturnType<typeof tempWorkspace>;
  beforeEach(() => {
    env = tempWorkspace();
  });
  afterEach(() => env.cleanup());

  it('a read returns at most 20,000 characters of a longer file and says so', () => {
    const text = 'abcdefghij'.repeat(2_500); // 25,000 chars
    env.ws.writeOwned({ kind: 'orchestrator' }, 'ledger.md', text);
    const r = env.ws.access(actor).read('ledger.md');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(READ_LIMIT_CHARS).toBe(20_000);
    expect(r.text.length).toBe(20_000);
    expect(r.text).toBe(text.slice(0, 20_000));
    expect(r.truncated).toBe(true);
    expect(r.totalChars).toBe(25_000);
  });

  it('a read of exactly the limit is not truncated', () => {
    env.ws.writeOwned({ kind: 'orchestrator' }, 'ledger.md', 'x'.repeat(READ_LIMIT_CHARS));
    const r = env.ws.access(actor).read('ledger.md');
    expect(r.ok && r.truncated).toBe(false);
    expect(r.ok && r.text.length).toBe(READ_LIMIT_CHARS);
  });

  it('a write stores at most 6,000 characters and reports the truncation', () => {
    const body = 'The kitchen was searched twice. '.repeat(250); // 8,000 chars
    const r = env.ws.access(actor).write(handoverPath(T), body);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(WRITE_LIMIT_CHARS).toBe(6_000);
    expect(r.storedChars).toBe(6_000);
    expect(r.truncated).toBe(true);
    expect(r.submittedChars).toBe(8_000);
    expect(env.ws.readRaw(handoverPath(T))).toBe(body.slice(0, 6_000));
  });

  it('a short write is stored whole and not flagged', () => {
    const r = env.ws.access(actor).write(handoverPath(T), 'Found the sofa in the living room.');
    expect(r.ok && r.truncated).toBe(false);
    expect(r.ok && r.storedChars).toBe(34);
  });

  it('truncation never splits a surrogate pair', () => {
    const body = 'a'.repeat(WRITE_LIMIT_CHARS - 1) + '😀tail';
    const r = env.ws.access(actor).write(handoverPath(T), body);
    expect(r.ok && r.storedChars).toBe(WRITE_LIMIT_CHARS - 1);
    expect(env.ws.readRaw(handoverPath(T))).toBe('a'.repeat(WRITE_LIMIT_CHARS - 1));
  });

  it('bad arguments come back as errors, not exceptions', () => {
    const a = env.ws.access(actor);
    expect(a.write(handoverPath(T), 42 as unknown as string)).toMatchObject({ ok: false });
    expect(a.read(undefined)).toMatchObject({ ok: false });
    expect(a.read('missing.md')).toMatchObject({ ok: false, error: expect.stringMatching(/does not exist/) });
    expect(a.read('tasks')).toMatchObject({ ok: false });
    expect(a.read('x'.repeat(600))).toMatchObject({ ok: false, error: expect.stringMatching(/longer than/) });
  });
});

describe('recovery notes', () => {
  let env: ReturnType<typeof tempWorkspace>;
  beforeEach(() => {
    env = tempWorkspace();
  });
  afterEach(() => env.cleanup());

  const note = {
    searched_places: ['kitchen', 'hallway at (1.2, -3.4)'],
    exclusions: [{ place: 'kitchen', ruled_out: 'no mug on the counters', supporting_observation: 'stop views at x=2.5 z=1.0 show bare counters' }],
    last_reliable_anchor: 'kitchen_door',
    untried_options: ['dining room'],
    uncertainties: ['pantry closed'],
    suggested_scope: 'room',
  };

  it('a valid note is stored as JSON with coordinates scrubbed from its strings', () => {
    const r = env.ws.access(actor).write(recoveryNotePath(T, 1), JSON.stringify(note));
    expect(r.ok && r.scrubbed).toBe(2);
    const stored = JSON.parse(env.ws.readRaw(recoveryNotePath(T, 1)) as string);
    expect(stored.searched_places[1]).toBe('hallway at [coordinates removed]');
    expect(stored.exclusions[0].supporting_observation).toBe('stop views at [coordinates removed] show bare counters');
  });

  it('notes that are not JSON, lack a supporting observation, or name a bad scope are refused', () => {
    const a = env.ws.access(actor);
    expect(a.write(recoveryNotePath(T, 1), 'searched the kitchen')).toMatchObject({ ok: false, error: expect.stringMatching(/must be JSON/) });
    const noObs = { ...note, exclusions: [{ place: 'kitchen', ruled_out: 'mug' }] };
    expect(a.write(recoveryNotePath(T, 1), JSON.stringify(noObs))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/exclusions\.0\.supporting_observation/),
    });
    expect(a.write(recoveryNotePath(T, 1), JSON.stringify({ ...note, suggested_scope: 'continue' }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/suggested_scope/),
    });
    expect(env.ws.exists(recoveryNotePath(T, 1))).toBe(false);
  });

  it('an oversized note is refused with the limit rather than stored as broken JSON', () => {
    const big = { ...note, untried_options: Array.from({ length: 80 }, (_, i) => `option ${i} `.padEnd(90, 'z')) };
    const r = env.ws.access(actor).write(recoveryNotePath(T, 1), JSON.stringify(big));
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/limit is 6000/) });
  });
});
