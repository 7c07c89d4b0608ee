/**
 * The browser demo's page: the whole robot in a tab. Keyboard and buttons drive the simulated body
 * by coarse actions, or the explorer drives it (`?auto=1` or the Explore button); the navigator tracks
 * every frame (`?pose=slam`, the default, or `?pose=ground-truth`) and maps it, and the RGB view, the
 * depth view and the occupancy map with the estimated and the true trail are redrawn after every
 * action. The page's state is also published on `window.__navharness` for the browser test.
 */
import { COLOURS } from '../src/mapping/render-map.js';
import { depthGradientCss, depthToImageData, rgbToImageData } from './picture.js';
import { MAX_HOUSE_SEED } from '../src/world/house-spec.js';
import { ActionSchema, PoseModeSchema, RobotSession, SeedSchema, type Action, type MapCounts, type PoseMode, type SessionState } from './session.js';
import { parseQuery } from './query.js';
import type { Scene } from '../src/sim/index.js';

export interface DemoHandle {
  ready: boolean;
  error: string | null;
  counts(): MapCounts;
  state(): SessionState;
  /** queues a coarse action and resolves when it has run */
  press(action: Action): Promise<SessionState>;
  /** resolves once every queued action has run */
  idle(): Promise<void>;
  load(seed: number): Promise<SessionState>;
  /** opens picked files as a scene (a .glb, or a folder with a stage config) through the scene opener */
  openScene(files: ArrayLike<File>): Promise<SessionState>;
  /** the scene file opened last: its kind, files and textures, or null for a procedural house */
  scene: SceneSummary | null;
  /** starts or stops the explorer; resolves when it has stopped (mapped, or stopped) */
  explore(on: boolean): Promise<void>;
}

export interface SceneSummary {
  kind: string;
  files: string[];
  textures: { total: number; decoded: number; failed: Array<{ texture: string; reason: string }> };
  notes: string[];
}

declare global {
  interface Window {
    __navharness?: DemoHandle;
  }
}

const KEYS: Record<string, Action> = {
  w: 'forward',
  W: 'forward',
  ArrowUp: 'forward',
  a: 'left',
  A: 'left',
  ArrowLeft: 'left',
  d: 'right',
  D: 'right',
  ArrowRight: 'right',
};

function el<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e as T;
}

const css = (c: readonly number[]) => `rgb(${c[0]} ${c[1]} ${c[2]})`;
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function paint(canvas: HTMLCanvasElement, image: ImageData): void {
  if (canvas.width !== image.width || canvas.height !== image.height) {
    canvas.width = image.width;
    canvas.height = image.height;
  }
  canvas.getContext('2d')!.putImageData(image, 0, 0);
}

/** The canvas's size in device pixels, matched to its box on the page. */
function fitToBox(canvas: HTMLCanvasElement): { width: number; height: number } {
  const dpr = window.devicePixelRatio || 1;
  const width = Math.max(64, Math.round(canvas.clientWidth * dpr));
  const height = Math.max(48, Math.round(canvas.clientHeight * dpr));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  return { width, height };
}

/**
 * Draws the map centred at one device pixel per image pixel, so that its cells stay crisp squares
 * (renderMap already picked the largest whole zoom that fits); a map larger than the box is scaled.
 */
async function paintCentred(canvas: HTMLCanvasElement, image: ImageData, background: string): Promise<void> {
  const box = { width: canvas.width, height: canvas.height };
  const g = canvas.getContext('2d')!;
  g.fillStyle = background;
  g.fillRect(0, 0, box.width, box.height);
  if (image.width <= box.width && image.height <= box.height) {
    g.putImageData(image, Math.floor((box.width - image.width) / 2), Math.floor((box.height - image.height) / 2));
    return;
  }
  const k = Math.min(box.width / image.width, box.height / image.height);
  const w = image.width * k,
    h = image.height * k;
  const bitmap = await createImageBitmap(image);
  g.imageSmoothingEnabled = true;
  g.drawImage(bitmap, (box.width - w) / 2, (box.height - h) / 2, w, h);
  bitmap.close();
}

function start(): void {
  const ui = {
    rgb: el<HTMLCanvasElement>('rgb'),
    depth: el<HTMLCanvasElement>('depth'),
    map: el<HTMLCanvasElement>('map'),
    status: el<HTMLParagraphElement>('status'),
    seed: el<HTMLInputElement>('seed'),
    sceneFile: el<HTMLInputElement>('scene-file'),
    sceneFolder: el<HTMLInputElement>('scene-folder'),
    form: el<HTMLFormElement>('house-form'),
    reset: el<HTMLButtonElement>('reset'),
    explore: el<HTMLButtonElement>('explore'),
    pose: el<HTMLSelectElement>('pose'),
    buttons: Array.from(document.querySelectorAll<HTMLButtonElement>('button[data-action]')),
  };
  const stat = (id: string, text: string) => (el(`stat-${id}`).textContent = text);
  const root = document.documentElement.style;
  root.setProperty('--unknown', css(COLOURS.unknown));
  root.setProperty('--free', css(COLOURS.free));
  root.setProperty('--obstacle', css(COLOURS.obstacle));
  root.setProperty('--pose', css(COLOURS.pose));
  root.setProperty('--trail', css(COLOURS.trail));
  root.setProperty('--route', css(COLOURS.route));
  el('depth-bar').style.background = depthGradientCss();

  let session: RobotSession | null = null;
  let poseMode: PoseMode = 'slam';
  let exploring = false;
  let explorer: Promise<void> = Promise.resolve();
  // Actions and house loads run one at a time, in the order they were asked for.
  let chain: Promise<unknown> = Promise.resolve();
  let pending = 0;
  const enqueue = <T>(job: () => Promise<T>): Promise<T> => {
    pending++;
    const run = chain.then(job).finally(() => pending--);
    chain = run.catch(() => {});
    return run;
  };

  const handle: DemoHandle = {
    ready: false,
    error: null,
    counts: () => need().counts(),
    state: () => need().state(),
    press: (action) => {
      const a = ActionSchema.safeParse(action);
      if (!a.success) return Promise.reject(new Error(`unknown action '${String(action)}': use forward, left or right`));
      return enqueue(async () => {
        await need().act(a.data);
        await draw();
        return need().state();
      });
    },
    idle: () => chain.then(() => {}),
    load: (seed) => enqueue(() => loadHouse(seed)),
    openScene: (files) => enqueue(() => openScene(files)),
    scene: null,
    explore: (on) => {
      if (on && !exploring) {
        exploring = true;
        showExplorer();
        explorer = (async () => {
          // one step at a time through the queue, so that key presses and house loads interleave safely
          while (exploring && (await enqueue(async () => (session ? await exploreAndDraw(session) : false)))) await nextPaint();
          exploring = false;
          showExplorer();
        })().catch(fail);
      } else if (!on) exploring = false;
      return explorer;
    },
  };
  window.__navharness = handle;

  async function exploreAndDraw(s: RobotSession): Promise<boolean> {
    const more = await s.exploreStep();
    await draw();
    return more;
  }

  function showExplorer(): void {
    ui.explore.textContent = exploring ? 'Stop exploring' : 'Explore';
    ui.explore.setAttribute('aria-pressed', String(exploring));
  }

  function need(): RobotSession {
    if (!session) throw new Error('no house is loaded yet');
    return session;
  }

  function fail(err: unknown): void {
    const msg = err instanceof Error ? err.message : String(err);
    handle.error = msg;
    ui.status.textContent = `Error: ${msg}`;
    ui.status.classList.add('error');
    console.error(err);
  }

  /** Redraws the three views and the numbers; runs after every sub-motion and every action. */
  const MIN_MAP_PIXELS = 64;
  async function draw(): Promise<void> {
    const s = need();
    const f = s.frame;
    paint(ui.rgb, rgbToImageData(f.width, f.height, f.rgb));
    paint(ui.depth, depthToImageData(f.width, f.height, f.depth));
    const box = fitToBox(ui.map);
    // a box not laid out yet (or a very small window) measures under the renderer's 64-pixel floor
    const m = s.renderMap(Math.max(MIN_MAP_PIXELS, Math.min(box.width, box.height)));
    await paintCentred(ui.map, new ImageData(new Uint8ClampedArray(m.data), m.width, m.height), css(COLOURS.unknown));
    const st = s.state();
    const fixed = (v: number, digits: number) => (Math.abs(v) < 0.5 * 10 ** -digits ? 0 : v).toFixed(digits); // no '-0'
    const where = (p: { x: number; z: number; yaw: number }) => `${fixed(p.x, 2)}, ${fixed(p.z, 2)} m · ${fixed((p.yaw * 180) / Math.PI, 0)}°`;
    stat('pose', st.pose ? where(st.pose) : 'not localised');
    stat('true-pose', where(st.truePose));
    stat('drift', `${st.driftM.toFixed(3)} m`);
    stat('source', st.pose_source === 'slam' ? 'RGB-D tracker' : 'simulator (ground truth)');
    stat('tracked', `${st.tracked_frames} / ${st.frames}`);
    stat('explorer', st.explorer);
    stat('actions', String(st.actions));
    stat('frames', String(st.subMotions + 1));
    stat('collisions', String(st.collisions));
    stat('known', st.known.toLocaleString('en'));
    stat('free', st.free.toLocaleString('en'));
    stat('obstacle', st.obstacle.toLocaleString('en'));
    stat('explored', `${st.exploredM2.toFixed(1)} m²`);
    document.body.dataset.known = String(st.known);
    document.body.dataset.free = String(st.free);
    document.body.dataset.obstacle = String(st.obstacle);
    await nextPaint();
  }

  function busy(text: string): void {
    handle.ready = false;
    document.body.dataset.ready = 'false';
    ui.status.classList.remove('error');
    ui.status.textContent = text;
  }

  async function begin(next: RobotSession, ready: string): Promise<SessionState> {
    session?.dispose();
    session = next;
    await draw();
    handle.ready = true;
    handle.error = null;
    document.body.dataset.ready = 'true';
    ui.status.textContent = ready;
    return next.state();
  }

  const READY = 'Ready: drive with W / A / D or the arrow keys, or let the explorer drive.';

  async function loadHouse(seed: number): Promise<SessionState> {
    const parsed = SeedSchema.safeParse(seed);
    if (!parsed.success) throw new Error(`house seed must be a whole number from 0 to ${MAX_HOUSE_SEED}, got '${String(seed)}'`);
    busy(`Building house ${parsed.data} (poses: ${poseMode})…`);
    const next = await RobotSession.create(parsed.data, poseMode);
    openedScene = null;
    handle.scene = null;
    ui.seed.value = String(parsed.data);
    const url = new URL(location.href);
    url.searchParams.set('seed', String(parsed.data));
    url.searchParams.set('pose', poseMode);
    history.replaceState(null, '', url);
    return begin(next, READY);
  }

  // the scene file opened last, so that Reset and a new pose source start it again
  let openedScene: Scene | null = null;

  async function openScene(files: ArrayLike<File>): Promise<SessionState> {
    busy(
      `Opening ${Array.from(files)
        .map((f) => f.name)
        .slice(0, 3)
        .join(', ')}…`,
    );
    // the glTF reader comes with this chunk only: a procedural house never loads it
    const { openPickedScene } = await import('./open-scene.js');
    const opened = await openPickedScene(files);
    handle.scene = { kind: opened.kind, files: opened.files, textures: opened.textures, notes: opened.notes };
    openedScene = opened.scene;
    const grey = opened.textures.failed.length
      ? ` ${opened.textures.failed.length} texture(s) grey: ${opened.textures.failed.map((f) => f.texture).join(', ')}.`
      : '';
    return begin(await RobotSession.fromScene(opened.scene, poseMode), `Opened ${opened.files[0]} (${opened.kind}).${grey} ${READY}`);
  }

  /** Starts the current house or scene again (Reset, a new pose source). */
  function restart(): Promise<SessionState> {
    const scene = openedScene;
    if (session && session.seed === null && scene) return enqueue(async () => begin(await RobotSession.fromScene(scene, poseMode), READY));
    return handle.load(session?.seed ?? Number(ui.seed.value));
  }

  const act = (a: Action) => handle.press(a).catch(fail);
  for (const b of ui.buttons) {
    b.addEventListener('click', () => {
      b.blur(); // the keys, not a focused button, keep driving (Space would repeat the last click)
      void act(ActionSchema.parse(b.dataset.action));
    });
  }
  window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
    const a = KEYS[e.key];
    if (!a) return;
    e.preventDefault();
    // a held key repeats only when the robot has caught up, so motion stops when the key is released
    if (e.repeat && pending > 0) return;
    void act(a);
  });
  ui.form.addEventListener('submit', (e) => {
    e.preventDefault();
    handle.load(Number(ui.seed.value)).catch(fail);
  });
  ui.reset.addEventListener('click', () => restart().catch(fail));
  for (const input of [ui.sceneFile, ui.sceneFolder]) {
    input.addEventListener('change', () => {
      if (input.files?.length) handle.openScene(input.files).catch(fail);
    });
  }
  ui.explore.addEventListener('click', () => {
    ui.explore.blur();
    void handle.explore(!exploring);
  });
  ui.pose.addEventListener('change', () => {
    const p = PoseModeSchema.safeParse(ui.pose.value);
    if (!p.success) return fail(new Error(`pose source must be slam or ground-truth, got '${ui.pose.value}'`));
    poseMode = p.data;
    restart().catch(fail);
  });

  // the map is drawn at the box's device-pixel size, so a new box size needs a redraw
  let resizing = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(() => {
      if (session) enqueue(draw).catch(fail);
    });
  });

  const query = parseQuery(location.search);
  if (!query.ok) {
    // a bad query value is refused on the page, saying what is accepted; nothing is loaded
    handle.error = query.error;
    ui.status.textContent = query.error;
    ui.status.classList.add('error');
    document.body.dataset.refused = 'true';
    return;
  }
  poseMode = query.value.pose;
  ui.pose.value = poseMode;
  handle
    .load(query.value.seed)
    .then(() => (query.value.auto ? handle.explore(true) : undefined))
    .catch(fail);
}

start();
