/**
 * The run viewer's reading, aggregation and page on a small synthetic run directory written here
 * (no simulator): values are checked against hand-computed ones, bad files give errors naming them.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { formatTumTrajectory, replayIndexPath, replayMapPath, replayViewsPath, trueTumPath, estimatedTumPath } from '../../src/eval/index.js';
import { fromQuatTranslation } from '../../src/geometry/index.js';
import { thinSteps } from '../../src/report/replay-html.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isEvalDirectory,
  readRun,
  RunReadError,
  renderSvg,
  successByPositionSpec,
  summarize,
  trajectorySpec,
  writeEvalReport,
  writeReport,
} from '../../src/report/index.js';

let dir: string;

function put(rel: string, content: string | Buffer): void {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), content);
}
const json = (rel: string, v: unknown) => put(rel, JSON.stringify(v, null, 2));

function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const p = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) p.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(p);
}

const usage = (u: number, c: number, o: number) => ({ uncachedInput: u, cachedInput: c, output: o });
const ZERO = usage(0, 0, 0);

function verdict(v: 'complete' | 'incomplete', check: 'prestop' | 'final', steps: number) {
  return { verdict: v, evidence: `stop view 2 shows it (${check})`, searched_places: ['kitchen'], confidence: 0.8, check, steps_at_check: steps };
}

function record(index: number, over: Record<string, unknown>) {
  return {
    task_id: `task-00${index}`,
    index,
    goal: { kind: 'object', text: 'bed' },
    status: 'stop',
    claim: null,
    verdict: null,
    termination_reason: 'step budget exhausted',
    searched_regions: [],
    markers: [],
    steps: 50,
    step_budget: 50,
    model_turns: 7,
    handover: null,
    recovery_notes: [],
    ...over,
  };
}

/** Three tasks: 1 certified complete and successful, 2 stopped and failed, 3 claimed complete but failed. */
function writeRun(opts: { metrics?: boolean } = {}): void {
  put('ledger.md', '# Ledger\n\n- task-001 · certified complete · bed · kitchen\n');
  json(
    'tasks/task-001/record.json',
    record(1, {
      goal: { kind: 'description', text: 'the <b>red</b> chair & "lamp"' },
      status: 'complete',
      claim: { claim: 'complete', evidence: 'it is in front of me' },
      verdict: verdict('complete', 'final', 40),
      termination_reason: 'closed by the session (claim: complete)',
      markers: ['found 40'],
      steps: 40,
      handover: 'tasks/task-001/handover.md',
    }),
  );
  json('tasks/task-001/verdict-prestop.json', verdict('complete', 'prestop', 40));
  json('tasks/task-001/verdict-final.json', verdict('complete', 'final', 40));
  put('tasks/task-001/handover.md', 'Goal: the red chair.\nOutcome: complete <done>.\n');
  json('tasks/task-002/record.json', record(2, { goal: { kind: 'image', text: 'The photograph was taken at camera height.' } }));
  json(
    'tasks/task-003/record.json',
    record(3, { status: 'claimed', claim: { claim: 'complete', evidence: 'here' }, termination_reason: 'closed by the session (claim: complete)' }),
  );
  json('eval/task-001.json', { task_id: 'task-001', success: true, spl: 0.5, distance_to_goal: 0.4, shortest_path: 5, path_length: 10 });
  json('eval/task-002.json', { task_id: 'task-002', success: false, spl: 0, distance_to_goal: null, shortest_path: 7, path_length: 12 });
  json('eval/task-003.json', { task_id: 'task-003', success: false, spl: 0, distance_to_goal: 3, shortest_path: 4, path_length: 6 });
  json('eval/usage-task-001.json', {
    task_id: 'task-001',
    actor: usage(1_000_000, 200_000, 3_000),
    judge: usage(10_000, 0, 100),
    wakeup: ZERO,
    compaction: ZERO,
    peak_prompt_tokens: 30_000,
    token_source: 'estimate',
  });
  json('eval/usage-task-002.json', {
    task_id: 'task-002',
    actor: usage(500_000, 0, 1_000),
    judge: ZERO,
    wakeup: ZERO,
    compaction: ZERO,
    peak_prompt_tokens: 10_000,
    token_source: 'estimate',
  });
  json('eval/usage-task-003.json', { task_id: 'task-003', actor: usage(0, 0, 0), judge: ZERO, wakeup: ZERO, compaction: ZERO });
  json('eval/trajectory-task-001.json', {
    task_id: 'task-001',
    points: [
      [0, 0, 0],
      [2, 0, 0],
      [2, 0, 4],
    ],
    goal_footprints: [{ x0: 1.5, z0: 4, x1: 2.5, z1: 5, floor: 0 }],
  });
  put('maps/task-001.png', png(8, 6, [200, 200, 200]));
  put('eval/views/task-001-stop-1.png', png(4, 3, [255, 0, 0]));
  put('eval/views/task-001-stop-2.png', png(4, 3, [0, 255, 0]));
  put('eval/views/task-002-goal.png', png(4, 3, [0, 0, 255]));
  put('house/rooms.md', '# Rooms\n\nkitchen: a table.\n');
  json('.navharness/run-state.json', {
    version: 1,
    config: {
      house: 'seed:3',
      sequence: 2,
      agent: 'scripted',
      judge: 'auto',
      script: null,
      maxGoals: 3,
      harness: { policy: 'navharness', poseSource: 'slam', stepBudget: 50, turnBudget: 20, maps: true },
    },
    total_tasks: 3,
    open_task: null,
    finished: true,
  });
  if (opts.metrics) {
    json('metrics.json', {
      tasks: 3,
      sequences: 1,
      s_SR: 0.25,
      e_SR: 0,
      SPL: 0.1,
      accuracy: 0.5,
      input_tokens: 1,
      cached_tokens: 2,
      output_tokens: 3,
      cost_input: 0,
      cost_output: 0,
      statuses: { complete: 1 },
    });
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'navharness-report-unit-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readRun', () => {
  it('reads the tasks in order with their verdicts, handover, evaluation and pictures', () => {
    writeRun();
    const run = readRun(dir);
    expect(run.tasks.map((t) => t.id)).toEqual(['task-001', 'task-002', 'task-003']);
    const [t1, t2, t3] = run.tasks;
    expect(t1.prestop?.check).toBe('prestop');
    expect(t1.final?.verdict).toBe('complete');
    expect(t1.handover).toContain('Goal: the red chair.');
    expect(t1.stopViews.map((p) => p.slice(dir.length))).toEqual(['/eval/views/task-001-stop-1.png', '/eval/views/task-001-stop-2.png']);
    expect(t1.map).toBe(join(dir, 'maps/task-001.png'));
    expect(t1.trajectory?.points).toHaveLength(3);
    expect(t2.goalImage).toBe(join(dir, 'eval/views/task-002-goal.png'));
    expect(t2.prestop).toBeNull();
    expect(t2.handover).toBeNull();
    expect(t3.map).toBeNull();
    expect(run.houseNotes.map((n) => n.file)).toEqual(['house/rooms.md']);
    expect(run.state?.config.house).toBe('seed:3');
    expect(run.metrics).toBeNull();
  });

  it('ignores a task folder without a record (a task still open)', () => {
    writeRun();
    put('tasks/task-004/handover.md', 'half written');
    expect(readRun(dir).tasks).toHaveLength(3);
  });

  const failures: [string, () => void, string, RegExp][] = [
    ['a missing ledger', () => rmSync(join(dir, 'ledger.md')), 'ledger.md', /missing/],
    ['a record that is not JSON', () => put('tasks/task-002/record.json', '{ not json'), 'tasks/task-002/record.json', /not valid JSON/],
    ['a record with a bad status', () => json('tasks/task-002/record.json', record(2, { status: 'great' })), 'tasks/task-002/record.json', /status/],
    ['a record in the wrong folder', () => json('tasks/task-002/record.json', record(3, {})), 'tasks/task-002/record.json', /task_id is 'task-003'/],
    [
      'a malformed verdict',
      () => json('tasks/task-001/verdict-final.json', { verdict: 'complete', confidence: 2 }),
      'tasks/task-001/verdict-final.json',
      /confidence/,
    ],
    ['a malformed evaluation file', () => json('eval/task-003.json', { task_id: 'task-003', success: 'yes' }), 'eval/task-003.json', /success/],
    ['a malformed usage file', () => json('eval/usage-task-002.json', { task_id: 'task-002' }), 'eval/usage-task-002.json', /actor/],
    [
      'a malformed trajectory',
      () => json('eval/trajectory-task-001.json', { task_id: 'task-001', points: [[0, 1]], goal_footprints: [] }),
      'eval/trajectory-task-001.json',
      /points/,
    ],
    ['a map that is not a PNG', () => put('maps/task-001.png', 'GIF89a'), 'maps/task-001.png', /not a PNG/],
    ['malformed metrics', () => json('metrics.json', { tasks: -1 }), 'metrics.json', /tasks/],
    ['no closed task', () => rmSync(join(dir, 'tasks'), { recursive: true }), 'tasks', /missing/],
  ];
  it.each(failures)('rejects %s with an error naming the file', (_what, damage, file, message) => {
    writeRun();
    damage();
    let err: unknown;
    try {
      readRun(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RunReadError);
    expect((err as RunReadError).file).toBe(file);
    expect((err as Error).message).toMatch(message);
  });

  it('rejects a path that is not a directory', () => {
    expect(() => readRun(join(dir, 'nothing-here'))).toThrow(/not a directory/);
  });
});

describe('summarize', () => {
  it('recomputes the scores from the task files when metrics.json is missing', () => {
    writeRun();
    const s = summarize(readRun(dir), { uncachedInput: 2, cachedInput: 0.5, output: 10 });
    expect(s.metricsSource).toBe('recomputed from task files');
    // successes 1,0,0 → s-SR 1/3; e-SR 0 (not all reached); SPL (0.5+0+0)/3;
    // ledger: complete↔success agrees, stop↔failure agrees, claimed complete↔failure disagrees → 2/3
    expect(s.metrics!.s_SR).toBeCloseTo(1 / 3, 12);
    expect(s.metrics!.e_SR).toBe(0);
    expect(s.metrics!.SPL).toBeCloseTo(0.5 / 3, 12);
    expect(s.metrics!.accuracy).toBeCloseTo(2 / 3, 12);
    expect(s.metrics!.input_tokens).toBe(1_510_000);
    expect(s.metrics!.cached_tokens).toBe(200_000);
    expect(s.metrics!.output_tokens).toBe(4_100);
    expect(s.tasks.map((t) => t.runningSR)).toEqual([1, 0.5, 1 / 3]);
    expect(s.tasks.map((t) => t.success)).toEqual([true, false, false]);
    // task 1: C_K's term is the navigation input only, (2·1,000,000 + 0.5·200,000)/1e6 = 2.1; the
    // judge's 10,000 uncached tokens are auxiliary, 2·10,000/1e6 = 0.02 beside it; 10·3,100/1e6 = 0.031 output
    expect(s.tasks[0].costInput).toBeCloseTo(2.1, 12);
    expect(s.tasks[0].costAuxiliary).toBeCloseTo(0.02, 12);
    expect(s.metrics!.navigation_cost).toBeCloseTo(2.1 + 1.0, 12);
    expect(s.metrics!.auxiliary_cost).toBeCloseTo(0.02, 12);
    expect(s.metrics!.navigation_tokens).toEqual({ uncachedInput: 1_500_000, cachedInput: 200_000, output: 4_000 });
    // peaks recorded for tasks 1 and 2 (task 3 has none): mean 20,000; one estimated task marks the run
    expect(s.metrics!.peak_prompt_tokens_mean).toBe(20_000);
    expect(s.metrics!.token_source).toBe('estimate');
    expect(s.tasks[0].costOutput).toBeCloseTo(0.031, 12);
    expect(s.tasks[1].costInput).toBeCloseTo(1.0, 12);
    expect(s.tasks[2].usage).toEqual(ZERO);
  });

  it('gives no cost figure without prices', () => {
    writeRun();
    const s = summarize(readRun(dir), { uncachedInput: 0, cachedInput: 0, output: 0 });
    expect(s.metrics!.navigation_cost).toBeNull();
    expect(s.metrics!.auxiliary_cost).toBeNull();
  });

  it('takes the scores from metrics.json when the run wrote it', () => {
    writeRun({ metrics: true });
    const s = summarize(readRun(dir), { uncachedInput: 0, cachedInput: 0, output: 0 });
    expect(s.metricsSource).toBe('metrics.json');
    expect(s.metrics!.s_SR).toBe(0.25);
  });

  it('has no scores and no running rate past a task without an evaluation file', () => {
    writeRun();
    rmSync(join(dir, 'eval/task-002.json'));
    rmSync(join(dir, 'eval/usage-task-003.json'));
    const s = summarize(readRun(dir), { uncachedInput: 1, cachedInput: 1, output: 1 });
    expect(s.metricsSource).toBe('unavailable');
    expect(s.metrics).toBeNull();
    expect(s.tasks.map((t) => t.runningSR)).toEqual([1, null, null]);
    expect(s.tasks[2].usage).toBeNull();
    expect(s.tasks[2].costInput).toBeNull();
  });
});

describe('plots', () => {
  it('renders the success plot to SVG through Vega', async () => {
    writeRun();
    const s = summarize(readRun(dir), { uncachedInput: 0, cachedInput: 0, output: 0 });
    const svg = await renderSvg(successByPositionSpec(s.tasks));
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('task position in the sequence');
    expect(svg).toContain('success');
  });

  it('draws the true path at one scale on both axes', () => {
    const spec = trajectorySpec({
      task_id: 'task-001',
      points: [
        [0, 0, 0],
        [4, 0, 0],
        [4, 0, 1],
      ],
      goal_footprints: [],
    }) as { width: number; height: number };
    // extent 5 m × 2 m with the 0.5 m margin on each side
    expect(spec.width / spec.height).toBeCloseTo(5 / 2, 1);
  });
});

describe('writeReport', () => {
  it('writes one self-contained page with every task, escaped text and embedded pictures', async () => {
    writeRun();
    const r = await writeReport(dir, { now: new Date('2026-01-02T03:04:05Z') });
    expect(r.file).toBe(join(dir, 'report', 'index.html'));
    const html = readFileSync(r.file, 'utf8');
    for (const id of ['task-001', 'task-002', 'task-003']) expect(html).toContain(`data-task="${id}"`);
    expect(html).toContain('the &lt;b&gt;red&lt;/b&gt; chair &amp; &quot;lamp&quot;');
    expect(html).not.toContain('<b>red</b>');
    expect(html).toContain('Outcome: complete &lt;done&gt;.');
    // pictures are files beside the page: 1 map + 1 goal photograph as PNG, 2 stop views as JPEG, 2 run plots + 1 trajectory as SVG
    const srcs = [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs.filter((x) => x.endsWith('.png'))).toHaveLength(2);
    expect(srcs.filter((x) => x.endsWith('.jpg'))).toHaveLength(2);
    expect(srcs.filter((x) => x.endsWith('.svg'))).toHaveLength(3);
    expect(html).not.toContain('base64');
    for (const x of srcs) {
      expect(x).toMatch(/^files\//);
      expect(existsSync(join(dir, 'report', decodeURIComponent(x)))).toBe(true);
    }
    expect(
      jpeg.decode(
        readFileSync(
          join(
            dir,
            'report',
            srcs.find((x) => x.endsWith('.jpg'))!,
          ),
        ),
      ).width,
    ).toBe(4);
    expect(html).toContain('2026-01-02T03:04:05.000Z');
    // estimated tokens are marked, and without prices no dollar figure is shown
    expect(html).toContain('≈ 1,714,100');
    expect(html).toContain('no prices given');
    expect(html).not.toMatch(/\$\d/);
    expect(html).toContain('mean peak prompt');
    expect(html).toContain('<th>peak prompt</th>');
    expect(html).toContain('<td class="num">≈ 30,000</td>');
  });

  it('draws no cost plot without prices (it drew an empty one) and names the model whose prices are unknown', async () => {
    writeRun();
    const html = readFileSync((await writeReport(dir)).file, 'utf8');
    expect(html).not.toContain('alt="cost per task"');
    expect(existsSync(join(dir, 'report', 'files', 'cost-per-task.svg'))).toBe(false);
    expect(html).toContain('Cost per task: no prices known for scripted.');
    rmSync(join(dir, '.navharness'), { recursive: true });
    expect(readFileSync((await writeReport(dir)).file, 'utf8')).toContain('no prices known for the model (no run state records it)');
  });

  it('prices given explicitly: C_K of the navigation input, the auxiliary cost beside it, both marked as estimates', async () => {
    writeRun();
    const html = readFileSync((await writeReport(dir, { prices: { uncachedInput: 2, cachedInput: 0.5, output: 10 } })).file, 'utf8');
    expect(html).toContain('alt="cost per task"');
    expect(html).not.toContain('no prices known');
    expect(html).toContain('navigation cost C_K');
    expect(html).toContain('≈ $3.10');
    expect(html).toContain('auxiliary input ≈ $0.0200');
  });

  it("renders handovers, house notes and the ledger as markdown, with the model's HTML and unsafe links made harmless", async () => {
    writeRun();
    put(
      'tasks/task-001/handover.md',
      '## Where I am\n\n- the **red chair** is in the kitchen\n- <script>alert(1)</script>\n\n[map](javascript:alert(1)) · [docs](https://example.org/x) · ![photo](http://elsewhere/p.png)\n\n<img src=x onerror=alert(1)>\n',
    );
    put('house/rooms.md', '# House\n\n| room | floor |\n| --- | --- |\n| kitchen | 0 |\n');
    const html = readFileSync((await writeReport(dir)).file, 'utf8');
    expect(html).toContain('<h2>Where I am</h2>');
    expect(html).toContain('<li>the <strong>red chair</strong> is in the kitchen</li>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="https://example.org/x" rel="noopener noreferrer">docs</a>');
    expect(html).toContain('[image: photo]');
    expect(html).not.toContain('http://elsewhere');
    expect(html).toMatch(/<td>kitchen<\/td>\s*<td>0<\/td>/);
    expect(html).toContain('<h1>Ledger</h1>');
  });

  it('writes to --out when given', async () => {
    writeRun({ metrics: true });
    const out = join(dir, 'elsewhere');
    const r = await writeReport(dir, { out });
    expect(r.file).toBe(join(out, 'index.html'));
    expect(readFileSync(r.file, 'utf8')).toContain('<!doctype html>');
  });
});

describe('writeEvalReport (an eval directory: one run per house)', () => {
  /** Two readable runs (seed-1, seed-3: one success in three tasks each) and, when asked, an unreadable one. */
  function writeEval(opts: { broken?: boolean; metrics?: boolean } = {}): string {
    const root = dir;
    for (const name of ['seed-3', 'seed-1']) {
      dir = join(root, name);
      writeRun();
    }
    dir = root;
    if (opts.broken) put('seed-2/ledger.md', '# Ledger\n');
    if (opts.metrics)
      json('metrics.json', {
        tasks: 6,
        sequences: 2,
        s_SR: 0.5,
        e_SR: 0.5,
        SPL: 0.2,
        accuracy: 0.75,
        input_tokens: 1,
        cached_tokens: 2,
        output_tokens: 3,
        cost_input: 0,
        cost_output: 0,
        statuses: { complete: 2 },
        runs: [
          { house: 1, error: null },
          { house: 3, error: null },
        ],
      });
    return root;
  }

  it('writes a page per run and an index with the pooled scores recomputed from the runs', async () => {
    const root = writeEval();
    expect(isEvalDirectory(root)).toBe(true);
    expect(isEvalDirectory(join(root, 'seed-1'))).toBe(false);
    const r = await writeEvalReport(root, { now: new Date('2026-01-02T03:04:05Z') });
    expect(r.file).toBe(join(root, 'report', 'index.html'));
    expect(r.runs.map((x) => x.name)).toEqual(['seed-1', 'seed-3']);
    // one success of three in each sequence: s-SR 2/6, no sequence fully reached
    expect(r.metrics!.s_SR).toBeCloseTo(1 / 3, 12);
    expect(r.metrics!.e_SR).toBe(0);
    expect(r.metrics!.sequences).toBe(2);
    const html = readFileSync(r.file, 'utf8');
    expect(html).toContain('<a href="seed-1/index.html">seed-1</a>');
    expect(html).toContain('<a href="seed-3/index.html">seed-3</a>');
    expect(html).toContain('33.3 %');
    expect(readFileSync(join(root, 'report', 'seed-3', 'index.html'), 'utf8')).toContain('data-task="task-003"');
    // the scores by run: a bar per run and score, the pooled values as rules
    expect(html).toContain('<img src="files/scores-by-run.svg" alt="s-SR and SPL by run">');
    const plot = readFileSync(join(root, 'report', 'files', 'scores-by-run.svg'), 'utf8');
    expect(plot).toContain('pooled over all goals (s-SR 0.333');
    for (const run of ['seed-1', 'seed-3']) expect(plot).toContain(`run: ${run}`);
    expect(plot.match(/<path aria-label="run: [^"]*"/g)).toHaveLength(4);
    // success by position over both sequences, each point with its successes/tasks
    const rows = r.metrics!.by_position!;
    expect(rows.map((p) => p.tasks)).toEqual([2, 2, 2]);
    expect(html).toContain('<img src="files/success-by-position.svg" alt="success by task position over the sequences">');
    const svg = readFileSync(join(root, 'report', 'files', 'success-by-position.svg'), 'utf8');
    expect(svg).toContain('Success by task position');
    for (const p of rows) expect(svg).toContain(`${p.successes}/${p.tasks}`);
  });

  it("takes the pooled scores from the eval's metrics.json and lists an unreadable run with the reason", async () => {
    const root = writeEval({ broken: true, metrics: true });
    const r = await writeEvalReport(root);
    expect(r.metricsSource).toContain('metrics.json');
    expect(r.metrics!.s_SR).toBe(0.5);
    const broken = r.runs.find((x) => x.name === 'seed-2')!;
    expect(broken.report).toBeNull();
    expect(broken.error).toMatch(/tasks: missing/);
    expect(readFileSync(r.file, 'utf8')).toContain('not readable');
  });
});

describe('the replay of a task', () => {
  /** task-001 walked 0.05 m per frame along x, 5 frames a step; the estimate is the same path in another frame (turned 90°, moved). */
  function writeReplay(steps: number): void {
    const truth = [],
      est = [];
    for (let i = 0; i < steps * 5; i++) {
      truth.push({ time: 0.1 * (i + 1), pose: fromQuatTranslation([0, 0, 0, 1], [0.05 * i, 0, 0]) });
      est.push({ time: 0.1 * (i + 1), pose: fromQuatTranslation([0, 0.7071068, 0, 0.7071068], [3, 0, 0.05 * i]) });
    }
    put(trueTumPath('task-001'), formatTumTrajectory(truth));
    put(estimatedTumPath('task-001'), formatTumTrajectory(est));
    const index = {
      task_id: 'task-001',
      view_width: 8,
      view_height: 6,
      steps: Array.from({ length: steps }, (_, k) => ({
        step: k + 1,
        time: 0.5 * (k + 1),
        true_poses: 5 * (k + 1),
        estimated_poses: 5 * (k + 1),
        status: 'ok',
      })),
    };
    json(replayIndexPath('task-001'), index);
    put(replayViewsPath('task-001'), Buffer.from(jpeg.encode({ width: 8, height: 6 * steps, data: new Uint8Array(8 * 6 * steps * 4).fill(90) }, 80).data));
    for (let k = 1; k <= steps; k++) put(replayMapPath('task-001', k), png(6, 6, [k, k, k]));
  }

  it('embeds a scrubber over the steps with the views, the maps and both trails aligned', async () => {
    writeRun();
    writeReplay(4);
    const html = readFileSync((await writeReport(dir)).file, 'utf8');
    expect(html).toContain('data-replay="task-001"');
    expect(html).toContain('<input type="range" min="0" max="3" value="3"');
    const data = JSON.parse(/<script type="application\/json" class="replay-data">(.*?)<\/script>/s.exec(html)![1]);
    expect(data.steps.map((s: { s: number }) => s.s)).toEqual([1, 2, 3, 4]);
    expect(data.rows).toBe(4);
    expect(data.steps.map((s: { row: number }) => s.row)).toEqual([0, 1, 2, 3]);
    const views = /background-image:url\((files\/[^)]+\.jpg)\)/.exec(html)![1];
    expect(existsSync(join(dir, 'report', views))).toBe(true);
    expect(data.maps).toHaveLength(4);
    for (const m of data.maps)
      expect(readFileSync(join(dir, 'report', m))).toEqual(readFileSync(join(dir, replayMapPath('task-001', data.maps.indexOf(m) + 1))));
    // the estimate, aligned onto the truth, lies on it
    expect(data.est).toHaveLength(20);
    for (let i = 0; i < 20; i++) {
      expect(data.est[i][0]).toBeCloseTo(data.truth[i][0], 2);
      expect(data.est[i][1]).toBeCloseTo(data.truth[i][1], 2);
    }
    // tasks without a replay say so
    expect(html).toContain('No replay (the run kept none for this task).');
  });

  it("shows each task's ATE and end drift, and the estimated trail drawn over the true one", async () => {
    writeRun();
    // task-001: the estimate's positions are the true ones in another frame (no error after alignment); task-002: it walks 20 % too far along x
    writeReplay(4);
    const truth = [],
      est = [];
    for (let i = 0; i <= 40; i++) {
      truth.push({ time: 0.1 * (i + 1), pose: fromQuatTranslation([0, 0, 0, 1], [0.05 * i, 0, 0]) });
      est.push({ time: 0.1 * (i + 1), pose: fromQuatTranslation([0, 0, 0, 1], [0.06 * i, 0, 0]) });
    }
    put(trueTumPath('task-002'), formatTumTrajectory(truth));
    put(estimatedTumPath('task-002'), formatTumTrajectory(est));
    const html = readFileSync((await writeReport(dir)).file, 'utf8');
    const facts = [...html.matchAll(/tracking: ([^<]*)/g)].map((m) => m[1]);
    expect(facts[0]).toContain('ATE 0.000 m rmse over 20 poses (SE(3) aligned)');
    // 40 steps of 0.05 m true against 0.06 m estimated: 0.4 m at the end of 2 m, 20 %
    expect(facts[1]).toContain('over 41 poses');
    expect(facts[1]).toContain('drift at the end 0.40 m (20.0 % of 2.0 m)');
    expect(Number(/^ATE ([\d.]+) m/.exec(facts[1])![1])).toBeGreaterThan(0.01);
    expect(facts[2]).toContain('no tracking error');
    // the table's columns, and an ATE plot per task with both trails
    expect(html).toContain('<th>ATE (m)</th><th>drift</th>');
    expect(html).toContain('<td class="num">20.0 %</td>');
    const plot = readFileSync(join(dir, 'report', 'files', 'task-002-ate.svg'), 'utf8');
    expect(plot).toContain('reference');
    expect(plot).toContain('estimate, SE(3) aligned');
    expect(existsSync(join(dir, 'report', 'files', 'task-003-ate.svg'))).toBe(false);
  });

  it("shows every floor of the map at a task's closure, not only the one it ended on", async () => {
    writeRun();
    put('maps/task-001.floor-0.png', png(5, 5, [1, 2, 3]));
    put('maps/task-001.floor-2.png', png(5, 5, [4, 5, 6]));
    put('maps/task-0010.floor-1.png', png(5, 5, [7, 8, 9]));
    const run = readRun(dir);
    expect(run.tasks[0].floorMaps.map((f) => f.floor)).toEqual([0, 2]);
    expect(run.tasks[1].floorMaps).toEqual([]);
    const html = readFileSync((await writeReport(dir)).file, 'utf8');
    expect(html).toContain('floor 0 of the map at closure');
    expect(html).toContain('floor 2 of the map at closure');
    expect(html).toContain('the floor the task ended on');
  });

  it('keeps the page small whatever the size of the pictures: they are files, not inlined', async () => {
    writeRun();
    const big = new PNG({ width: 800, height: 800 });
    for (let i = 0; i < big.data.length; i++) big.data[i] = (i * 7919) % 251;
    put('eval/views/task-001-stop-1.png', PNG.sync.write(big));
    put('maps/task-001.png', PNG.sync.write(big));
    const r = await writeReport(dir);
    expect(statSync(join(dir, 'maps/task-001.png')).size).toBeGreaterThan(300_000);
    // inlined, the two pictures alone were over 600 KB of base64
    expect(statSync(r.file).size).toBeLessThan(60_000);
  });

  it('thins long replays evenly, keeping the first and the last step', () => {
    expect(thinSteps(5, 10)).toEqual([0, 1, 2, 3, 4]);
    const t = thinSteps(1000, 120);
    expect(t.length).toBe(120);
    expect(t[0]).toBe(0);
    expect(t[t.length - 1]).toBe(999);
  });

  it('names a replay picture that is missing', async () => {
    writeRun();
    writeReplay(2);
    rmSync(join(dir, replayMapPath('task-001', 2)));
    await expect(writeReport(dir)).rejects.toThrow(/eval\/replay\/task-001\/map-0002.png: missing/);
  });
});
