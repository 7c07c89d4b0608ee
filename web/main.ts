/**
 * The browser demo's page: keyboard and buttons drive the simulated body by coarse actions, and the
 * RGB view, the depth view and the occupancy map are redrawn after every sub-motion. The page's state
 * is also published on `window.__navharness` for the browser test.
 */
import { COLOURS } from '../src/mapping/render-map.js';
import { depthGradientCss, depthToImageData, rgbToImageData } from './picture.js';
import { MAX_HOUSE_SEED } from '../src/world/house-spec.js';
import { ActionSchema, MapperSession, SeedSchema, type Action, type MapCounts, type SessionState } from './session.js';

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
  const w = image.width * k, h = image.height * k;
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
    form: el<HTMLFormElement>('house-form'),
    reset: el<HTMLButtonElement>('reset'),
    buttons: Array.from(document.querySelectorAll<HTMLButtonElement>('button[data-action]')),
  };
  const stat = (id: string, text: string) => (el(`stat-${id}`).textContent = text);
  const root = document.documentElement.style;
  root.setProperty('--unknown', css(COLOURS.unknown));
  root.setProperty('--free', css(COLOURS.free));
  root.setProperty('--obstacle', css(COLOURS.obstacle));
  root.setProperty('--pose', css(COLOURS.pose));
  root.setProperty('--trail', css(COLOURS.trail));
  el('depth-bar').style.background = depthGradientCss();

  let session: MapperSession | null = null;
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
        await need().act(a.data, draw);
        await draw();
        return need().state();
      });
    },
    idle: () => chain.then(() => {}),
    load: (seed) => enqueue(() => loadHouse(seed)),
  };
  window.__navharness = handle;

  function need(): MapperSession {
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
  async function draw(): Promise<void> {
    const s = need();
    const f = s.frame;
    paint(ui.rgb, rgbToImageData(f.width, f.height, f.rgb));
    paint(ui.depth, depthToImageData(f.width, f.height, f.depth));
    const box = fitToBox(ui.map);
    const m = s.renderMap(Math.min(box.width, box.height));
    await paintCentred(ui.map, new ImageData(new Uint8ClampedArray(m.data), m.width, m.height), css(COLOURS.unknown));
    const st = s.state();
    const fixed = (v: number, digits: number) => (Math.abs(v) < 0.5 * 10 ** -digits ? 0 : v).toFixed(digits); // no '-0'
    stat('pose', `${fixed(st.pose.x, 2)}, ${fixed(st.pose.z, 2)} m · ${fixed((st.pose.yaw * 180) / Math.PI, 0)}°`);
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

  async function loadHouse(seed: number): Promise<SessionState> {
    const parsed = SeedSchema.safeParse(seed);
    if (!parsed.success) throw new Error(`house seed must be a whole number from 0 to ${MAX_HOUSE_SEED}, got '${String(seed)}'`);
    handle.ready = false;
    document.body.dataset.ready = 'false';
    ui.status.classList.remove('error');
    ui.status.textContent = `Building house ${parsed.data}…`;
    const next = await MapperSession.create(parsed.data);
    session?.dispose();
    session = next;
    ui.seed.value = String(parsed.data);
    const url = new URL(location.href);
    url.searchParams.set('seed', String(parsed.data));
    history.replaceState(null, '', url);
    await draw();
    handle.ready = true;
    handle.error = null;
    document.body.dataset.ready = 'true';
    ui.status.textContent = 'Ready: drive with W / A / D or the arrow keys.';
    return next.state();
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
  ui.reset.addEventListener('click', () => handle.load(session?.seed ?? Number(ui.seed.value)).catch(fail));

  // the map is drawn at the box's device-pixel size, so a new box size needs a redraw
  let resizing = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(() => {
      if (session) enqueue(draw).catch(fail);
    });
  });

  const fromUrl = SeedSchema.safeParse(new URLSearchParams(location.search).get('seed') ?? ui.seed.value);
  handle.load(fromUrl.success ? fromUrl.data : 1).catch(fail);
}

start();
