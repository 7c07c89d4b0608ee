/**
 * The run viewer on a small real offline run (scripted ground-truth-perception agent and judge, two
 * goals, small budgets): the report written by `navharness report` opens in Debian's Chromium with no
 * console error, shows every task with its pictures and plots. Leaves a screenshot in
 * test-artifacts/ (NAVHARNESS_UPDATE_DOCS=1 also refreshes docs/images/run-report.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { runSequence } from '../../src/eval/run-sequence.js';
import { writeReport, type WrittenReport } from '../../src/report/index.js';
import { CHROMIUM, HAVE_CHROMIUM, launchChromium, type Chromium } from '../helpers/chromium.js';
import { serveFolder, type StaticServer } from '../helpers/static-server.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const ARTIFACT = join(ROOT, 'test-artifacts', 'run-report.png');
const DOCS_IMAGE = join(ROOT, 'docs', 'images', 'run-report.png');

const SKIP_REASON = `no Chromium at ${CHROMIUM} (apt-get install chromium, or set NAVHARNESS_CHROMIUM)`;
if (!HAVE_CHROMIUM) console.warn(`run report browser test skipped: ${SKIP_REASON}`);

describe.skipIf(!HAVE_CHROMIUM)(`run report in Chromium${HAVE_CHROMIUM ? '' : ` — skipped: ${SKIP_REASON}`}`, () => {
  let tmp: string;
  let report: WrittenReport;
  let server: StaticServer;
  let browser: Chromium;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'navharness-report-'));
    const runDir = join(tmp, 'run');
    await runSequence({
      house: 'seed:7',
      sequence: 1,
      agent: 'scripted',
      out: runDir,
      maxGoals: 2,
      harness: { poseSource: 'ground-truth', stepBudget: 300, turnBudget: 100 },
    });
    report = await writeReport(runDir, { prices: { uncachedInput: 3, cachedInput: 0.3, output: 15 } });
    server = await serveFolder(runDir);
    browser = await launchChromium({ width: 1280, height: 1500 });
    page = await browser.context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await page.goto(`${server.url}report/index.html`, { waitUntil: 'load' });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('shows every task of the run with its verdicts, handover and map, and no console error', async () => {
    const ids = report.run.tasks.map((t) => t.id);
    expect(ids).toEqual(['task-001', 'task-002']);
    // seed 7, sequence 1 at these budgets: the image goal is reached and closed, so the run saved the
    // goal photograph and the stop views that the page must show
    expect(report.run.tasks.some((t) => t.goalImage !== null)).toBe(true);
    expect(report.run.tasks.some((t) => t.stopViews.length > 0)).toBe(true);
    const shown = await page.$$eval('section.task', (els) => els.map((e) => e.getAttribute('data-task')));
    expect(shown).toEqual(ids);
    for (const t of report.run.tasks) {
      const text = await page.locator(`section#${t.id}`).innerText();
      expect(text).toContain(t.record.goal.text.slice(0, 40));
      expect(text).toContain(t.record.termination_reason);
      if (t.handover) expect(text).toContain(t.handover.trim().split('\n')[0].slice(0, 40));
      const mapImgs = await page.locator(`section#${t.id} figure.map img`).count();
      expect(mapImgs).toBe((t.map ? 1 : 0) + t.floorMaps.length);
      // the run kept both trajectories of every task: its tracking error and its plot are shown
      expect(text).toMatch(/tracking: ATE \d+\.\d{3} m rmse over \d+ poses/);
      expect(await page.locator(`section#${t.id} figure.ate img`).count()).toBe(1);
      const stopImgs = await page.locator(`section#${t.id} .stops img`).count();
      expect(stopImgs).toBe(t.stopViews.length);
    }
    expect(problems).toEqual([]);
  });

  it('replays each task step by step: the scrubber changes the view, the map and the trails', async () => {
    for (const t of report.run.tasks) {
      const replay = page.locator(`section#${t.id} .replay`);
      expect(await replay.count()).toBe(1);
      const range = replay.locator('input[type=range]');
      const max = Number(await range.getAttribute('max'));
      expect(max).toBeGreaterThan(0);
      const viewPosition = () => replay.locator('.replay-view').evaluate((e) => (e as HTMLElement).style.backgroundPosition);
      const lastView = await viewPosition();
      const lastTrail = await replay.locator('svg.replay-trail').innerHTML();
      await range.fill('0');
      expect(await replay.getAttribute('data-step')).toBe('1');
      expect(await replay.locator('.replay-label').textContent()).toMatch(/^step 1 of \d+/);
      expect(await viewPosition()).not.toBe(lastView);
      // at the first step the true trail drawn so far is shorter than at the last
      expect((await replay.locator('svg.replay-trail').innerHTML()).length).toBeLessThan(lastTrail.length);
      expect(lastTrail).toContain('polyline');
    }
    expect(problems).toEqual([]);
  });

  it('decodes every picture and plot, files beside the page (no broken image)', async () => {
    const imgs = await page.$$eval('img', (els) =>
      els.map((e) => ({ alt: e.getAttribute('alt'), w: (e as HTMLImageElement).naturalWidth, ok: (e as HTMLImageElement).complete })),
    );
    // three run plots + per task: a trajectory plot, the ATE plot, the replay's map, and the maps / goal photograph / stop views the run saved
    const pictures = report.run.tasks.reduce((n, t) => n + 3 + (t.map ? 1 : 0) + t.floorMaps.length + (t.goalImage ? 1 : 0) + t.stopViews.length, 3);
    expect(imgs.length).toBe(pictures);
    for (const i of imgs) expect(i.w, `image '${i.alt}' did not decode`).toBeGreaterThan(0);
    const title = await page.title();
    expect(title).toContain('NavHarness run report');
    mkdirSync(dirname(ARTIFACT), { recursive: true });
    await page.screenshot({ path: ARTIFACT, fullPage: false });
    if (process.env.NAVHARNESS_UPDATE_DOCS === '1') copyFileSync(ARTIFACT, DOCS_IMAGE);
  });
});
