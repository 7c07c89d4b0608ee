/**
 * The step-by-step replay of a task in the report: a scrubber over the task's coarse actions showing
 * the view the body saw, the navigator's map after the action (with its own estimated trail), and the
 * true trail (black) with the estimated trail aligned onto it (blue, SE(3) Umeyama over the task) seen
 * from above. The pictures are files beside the page; one small script drives every replay.
 */
import { ate } from '../eval/index.js';
import type { ReportAssets } from './assets.js';
import { esc } from './escape.js';
import type { ReplayData } from './read-replay.js';

/** More steps than this are thinned evenly (the last is always kept), to keep the page small. */
export const MAX_REPLAY_STEPS = 120;

export function thinSteps(n: number, max = MAX_REPLAY_STEPS): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < max; k++) out.add(Math.round((k * (n - 1)) / (max - 1)));
  return [...out];
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** Floor-plane points (x, z of the navigator convention) of the true trail and of the aligned estimate. */
export function trails(r: ReplayData): { truth: [number, number][]; est: [number, number][]; aligned: boolean } {
  const truth = r.truth.map((p) => [r3(p.pose[3]), r3(p.pose[11])] as [number, number]);
  let est: [number, number][] = [];
  let aligned = false;
  try {
    const a = ate(r.truth, r.estimated, { maxDt: 0.001 }).alignment;
    est = r.estimated.map((p) => {
      const x = p.pose[3],
        y = p.pose[7],
        z = p.pose[11];
      return [r3(a[0] * x + a[1] * y + a[2] * z + a[3]), r3(a[8] * x + a[9] * y + a[10] * z + a[11])];
    });
    aligned = true;
  } catch {
    // fewer than three estimated poses: there is nothing to align, only the true trail is drawn
  }
  return { truth, est, aligned };
}

export function replaySection(id: string, r: ReplayData | null, assets: ReportAssets): string {
  if (!r || r.steps.length === 0) return '<p class="muted">No replay (the run kept none for this task).</p>';
  const keep = thinSteps(r.steps.length);
  const t = trails(r);
  const payload = {
    // row: the step's place in the stacked views
    steps: keep.map((i) => ({
      s: r.steps[i].step,
      t: r.steps[i].time,
      tp: r.steps[i].true_poses,
      ep: r.steps[i].estimated_poses,
      st: r.steps[i].status,
      row: i,
    })),
    rows: r.steps.length,
    maps: keep.map((i) => assets.file(r.maps[i])),
    truth: t.truth,
    est: t.est,
  };
  // '<' escaped so that no text in the data can close the script element
  const json = JSON.stringify(payload).replace(/</g, '\\u003c');
  const last = keep.length - 1;
  return `<div class="replay" data-replay="${esc(id)}">
<div class="replay-bar"><input type="range" min="0" max="${last}" value="${last}" step="1" aria-label="step of ${esc(id)}"><span class="replay-label"></span></div>
<div class="grid3">
<figure><div class="replay-view" role="img" aria-label="view after the step" style="aspect-ratio:${r.viewWidth}/${r.viewHeight};background-image:url(${esc(assets.file(r.views))});background-size:100% ${100 * r.steps.length}%"></div><figcaption>what the body saw after the step</figcaption></figure>
<figure class="replay-mapfig"><img class="replay-map" alt="map after the step" src="${payload.maps[last]}"><figcaption>the navigator's map after the step (its own trail)</figcaption></figure>
<figure><svg class="replay-trail" viewBox="0 0 300 300" role="img" aria-label="trails from above"></svg><figcaption>from above: true trail (black)${t.aligned ? ', estimated trail aligned onto it (blue)' : ' (too few estimated poses to align)'}</figcaption></figure>
</div>
<script type="application/json" class="replay-data">${json}</script>
</div>`;
}

/** Drives every replay of the page: the scrubber picks the step; the trails are drawn up to it. */
export const REPLAY_SCRIPT = `
for (const el of document.querySelectorAll('.replay')) {
  const d = JSON.parse(el.querySelector('.replay-data').textContent);
  const range = el.querySelector('input'), label = el.querySelector('.replay-label');
  const view = el.querySelector('.replay-view'), map = el.querySelector('.replay-map'), svg = el.querySelector('.replay-trail');
  const pts = d.truth.concat(d.est);
  let x0 = Infinity, x1 = -Infinity, z0 = Infinity, z1 = -Infinity;
  for (const [x, z] of pts) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); z0 = Math.min(z0, z); z1 = Math.max(z1, z); }
  const span = Math.max(x1 - x0, z1 - z0, 0.5) * 1.1, cx = (x0 + x1) / 2, cz = (z0 + z1) / 2;
  const px = (p) => (150 + ((p[0] - cx) / span) * 300).toFixed(1) + ',' + (150 + ((p[1] - cz) / span) * 300).toFixed(1);
  const line = (ps, colour) => ps.length > 1 ? '<polyline fill="none" stroke="' + colour + '" stroke-width="2" points="' + ps.map(px).join(' ') + '"/>' : '';
  const dot = (p, colour) => p ? '<circle r="4" fill="' + colour + '" cx="' + px(p).split(',')[0] + '" cy="' + px(p).split(',')[1] + '"/>' : '';
  const show = (k) => {
    const s = d.steps[k];
    view.style.backgroundPosition = '0 ' + (d.rows > 1 ? (100 * s.row) / (d.rows - 1) : 0) + '%';
    map.src = d.maps[k];
    const t = d.truth.slice(0, s.tp), e = d.est.slice(0, s.ep);
    svg.innerHTML = '<rect width="300" height="300" fill="#fff"/>' + line(d.truth, '#e5e7eb') + line(t, '#111827') + line(e, '#2563eb') + dot(t[t.length - 1], '#111827') + dot(e[e.length - 1], '#2563eb');
    label.textContent = 'step ' + s.s + ' of ' + d.steps[d.steps.length - 1].s + ' · t = ' + s.t.toFixed(1) + ' s · tracking ' + s.st;
    el.dataset.step = String(s.s);
  };
  range.addEventListener('input', () => show(Number(range.value)));
  show(Number(range.value));
}
`;
