/**
 * The browser demo, built with Vite and served as a static site, in Debian's Chromium: WASM loads,
 * coarse actions from the keyboard and the on-screen buttons grow the occupancy map (ground-truth
 * poses, so the turns are exact); the whole robot (`?seed=4&pose=slam&auto=1`: the tracker beside
 * the mapper, the explorer driving) in 40 s takes at least 20 actions, at least doubles the known
 * map and tracks at least 95 % of the frames; a bad address is refused on the page; a small synthetic
 * .glb picked with "Open scene" is opened by the scene opener (a lazily loaded chunk, its PNG texture
 * decoded by the browser) and mapped; nothing is logged as an error. Leaves screenshots in test-artifacts/ (NAVHARNESS_UPDATE_DOCS=1 also refreshes
 * docs/images/web-demo.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { Document, WebIO } from '@gltf-transform/core';
import { PNG } from 'pngjs';
import { habitatGlb, type Quad } from '../helpers/habitat-glb.js';
import type { Page } from 'playwright-core';
import type { DemoHandle } from '../../web/main.js';
import type { SessionState } from '../../web/session.js';
import { CHROMIUM, HAVE_CHROMIUM, launchChromium, type Chromium } from '../helpers/chromium.js';
import { serveFolder, type StaticServer } from '../helpers/static-server.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const ARTIFACT = join(ROOT, 'test-artifacts', 'web-demo.png');
const DOCS_IMAGE = join(ROOT, 'docs', 'images', 'web-demo.png');
const SUBPATH = 'some/where';

type Demo = { __navharness: DemoHandle };
const state = (page: Page) => page.evaluate(() => (window as unknown as Demo).__navharness.state());
const settle = (page: Page) => page.evaluate(() => (window as unknown as Demo).__navharness.idle());

const SKIP_REASON = `no Chromium at ${CHROMIUM} (apt-get install chromium, or set NAVHARNESS_CHROMIUM)`;
if (!HAVE_CHROMIUM) console.warn(`browser demo test skipped: ${SKIP_REASON}`);

describe.skipIf(!HAVE_CHROMIUM)(`browser demo in Chromium${HAVE_CHROMIUM ? '' : ` — skipped: ${SKIP_REASON}`}`, () => {
  let site: string;
  let server: StaticServer;
  let browser: Chromium;
  let page: Page;
  const problems: string[] = [];
  const wasmFetched: string[] = [];
  const jsFetched: string[] = [];

  beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'navharness-web-'));
    // built below the served root, so that the page must find its assets by relative URLs
    await build({ configFile: join(ROOT, 'web', 'vite.config.ts'), logLevel: 'warn', build: { outDir: join(site, SUBPATH), emptyOutDir: true } });
    server = await serveFolder(site);
    browser = await launchChromium({ width: 1440, height: 640 });
    page = await browser.context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
      // warnings vary with the Chromium build, so they are shown, not failed on
      else if (m.type() === 'warning') console.warn(`page warning: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
      if (r.url().endsWith('.wasm')) wasmFetched.push(r.url());
      if (r.url().endsWith('.js')) jsFetched.push(r.url());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  it('loads the page and initialises the WebAssembly modules', async () => {
    await page.goto(`${server.url}${SUBPATH}/?seed=1&pose=ground-truth`);
    await page.waitForFunction(() => (window as unknown as Demo).__navharness?.ready === true, undefined, { timeout: 30_000 });
    expect(problems).toEqual([]);
    // navcore and render are fetched as hashed assets beside the page, relative to it
    expect(wasmFetched.map((u) => new URL(u).pathname.replace(/-[\w-]+\.wasm$/, '.wasm')).sort()).toEqual([
      `/${SUBPATH}/assets/navcore.wasm`,
      `/${SUBPATH}/assets/render.wasm`,
    ]);
    const s = await state(page);
    expect(s.seed).toBe(1);
    expect(s.actions).toBe(0);
    // the first frame is already in the map
    expect(s.known).toBeGreaterThan(0);
    expect(await page.textContent('#stat-known')).toBe(s.known.toLocaleString('en'));
    expect(await page.textContent('#status')).toMatch(/^Ready/);
  });

  it('grows the map with ten presses of the keyboard and the buttons', async () => {
    const before = await state(page);
    const presses: { via: 'key' | 'button'; input: string; action: string }[] = [
      { via: 'key', input: 'a', action: 'left' },
      { via: 'button', input: 'left', action: 'left' },
      { via: 'key', input: 'ArrowLeft', action: 'left' },
      { via: 'key', input: 'w', action: 'forward' },
      { via: 'key', input: 'ArrowUp', action: 'forward' },
      { via: 'button', input: 'forward', action: 'forward' },
      { via: 'key', input: 'd', action: 'right' },
      { via: 'key', input: 'ArrowRight', action: 'right' },
      { via: 'button', input: 'right', action: 'right' },
      { via: 'key', input: 'W', action: 'forward' },
    ];
    const seen: SessionState[] = [before];
    for (const p of presses) {
      if (p.via === 'key') await page.keyboard.press(p.input);
      else await page.click(`button[data-action="${p.input}"]`);
      await settle(page);
      const s = await state(page);
      // one action per press, five frames each
      expect(s.actions).toBe(seen.length);
      expect(s.subMotions).toBe(5 * seen.length);
      // cells only ever go from unknown to known
      expect(s.known).toBeGreaterThanOrEqual(seen[seen.length - 1].known);
      const prev = seen[seen.length - 1].pose!;
      if (p.action === 'left') expect(angle(s.pose!.yaw - prev.yaw)).toBeCloseTo((15 * Math.PI) / 180, 6);
      if (p.action === 'right') expect(angle(s.pose!.yaw - prev.yaw)).toBeCloseTo((-15 * Math.PI) / 180, 6);
      seen.push(s);
    }
    const after = seen[seen.length - 1];
    expect(after.known).toBeGreaterThan(before.known);
    expect(after.free).toBeGreaterThan(before.free);
    expect(after.exploredM2).toBeCloseTo(after.known * 0.01, 6);
    // the forward presses moved the robot (ground-truth pose in the first-frame world)
    expect(Math.hypot(after.pose!.x, after.pose!.z)).toBeGreaterThan(0.2);
    // the page shows the same numbers it publishes
    expect(await page.textContent('#stat-free')).toBe(after.free.toLocaleString('en'));
    expect(await page.textContent('#stat-obstacle')).toBe(after.obstacle.toLocaleString('en'));
    expect(await page.getAttribute('body', 'data-known')).toBe(String(after.known));
    expect(await page.textContent('#stat-actions')).toBe('10');

    mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
    await page.screenshot({ path: ARTIFACT, fullPage: true });
    expect(problems).toEqual([]);
  });

  it('rejects an unknown action with a message and keeps going', async () => {
    const msg = await page.evaluate(() =>
      (window as unknown as Demo).__navharness.press('jump' as never).then(
        () => 'accepted',
        (e: Error) => e.message,
      ),
    );
    expect(msg).toMatch(/unknown action 'jump'.*forward, left or right/);
    const s = await state(page);
    expect(s.actions).toBe(10);
    expect(problems).toEqual([]);
    if (process.env.NAVHARNESS_UPDATE_DOCS === '1') {
      await docsScreenshot(page);
      expect(problems).toEqual([]);
    }
  });

  it('refuses a bad address on the page, saying what is accepted, and loads nothing', async () => {
    for (const [query, message] of [
      ['?seed=abc', /seed=abc is not accepted: seed is a whole number from 0 to \d+/],
      ['?seed=2&pose=lidar', /pose=lidar is not accepted: pose is slam or ground-truth/],
      ['?auto=yes', /auto=yes is not accepted: auto is 0 or 1/],
    ] as const) {
      const p = await browser.context.newPage();
      await p.goto(`${server.url}${SUBPATH}/${query}`);
      await p.waitForSelector('body[data-refused="true"]', { timeout: 30_000 });
      expect(await p.textContent('#status')).toMatch(message);
      expect(await p.evaluate(() => (window as unknown as Demo).__navharness.error)).toMatch(message);
      expect(await p.evaluate(() => (window as unknown as Demo).__navharness.ready)).toBe(false);
      await p.close();
    }
    expect(problems).toEqual([]);
  });

  it('runs the whole robot: ?seed=4&pose=slam&auto=1 explores with the tracker for 40 s', async () => {
    const p = await browser.context.newPage();
    const pageProblems: string[] = [];
    p.on('console', (m) => {
      if (m.type() === 'error') pageProblems.push(`console.error: ${m.text()}`);
    });
    p.on('pageerror', (e) => pageProblems.push(`page error: ${e.message}`));
    await p.goto(`${server.url}${SUBPATH}/?seed=4&pose=slam&auto=1`);
    await p.waitForFunction(() => (window as unknown as Demo).__navharness?.ready === true, undefined, { timeout: 60_000 });
    const start = Date.now();
    await p.waitForTimeout(40_000);
    const s = await state(p);
    const seconds = (Date.now() - start) / 1000;
    console.log(
      `whole robot in Chromium, ${seconds.toFixed(1)} s after ready: ${s.actions} actions, ${s.subMotions} sub-motions, ` +
        `tracked ${s.tracked_frames}/${s.frames} frames, known ${s.first_known} -> ${s.known} cells, drift ${s.driftM.toFixed(3)} m, explorer ${s.explorer}`,
    );
    expect(s.pose_source).toBe('slam');
    expect(s.actions).toBeGreaterThanOrEqual(20);
    expect(s.subMotions).toBe(5 * s.actions);
    expect(s.known).toBeGreaterThanOrEqual(2 * s.first_known);
    expect(s.tracked_frames / s.frames).toBeGreaterThanOrEqual(0.95);
    expect(await p.textContent('#stat-tracked')).toMatch(/^\d+ \/ \d+$/);
    await p.screenshot({ path: join(ROOT, 'test-artifacts', 'web-demo-explore.png'), fullPage: true });
    await p.evaluate(() => (window as unknown as Demo).__navharness.explore(false));
    await p.close();
    expect(pageProblems).toEqual([]);
    expect(problems).toEqual([]);
  }, 180_000);

  it('opens a picked .glb through the scene opener, loaded lazily, and maps it', async () => {
    const file = join(site, 'room.glb');
    writeFileSync(file, await roomGlb());
    const jsBefore = jsFetched.length;
    await page.setInputFiles('#scene-file', file);
    await page.waitForFunction(() => (window as unknown as Demo).__navharness.scene !== null && (window as unknown as Demo).__navharness.ready, undefined, {
      timeout: 60_000,
    });
    // the opener came as a chunk of its own, fetched only now
    expect(jsFetched.length).toBeGreaterThan(jsBefore);
    const opened = await page.evaluate(() => (window as unknown as Demo).__navharness.scene);
    expect(opened).toMatchObject({ kind: 'gltf', files: ['/room.glb'], textures: { total: 1, decoded: 1, failed: [] } });
    expect(await page.textContent('#status')).toMatch(/^Opened \/room\.glb \(gltf\)\. Ready/);
    const first = await state(page);
    expect(first.seed).toBeNull();
    expect(first.actions).toBe(0);
    // the first frame is mapped: the floor, and the crate or a wall in front of it
    expect(first.free).toBeGreaterThan(0);
    expect(first.obstacle).toBeGreaterThan(0);
    for (let i = 0; i < 6; i++) await page.keyboard.press('a');
    await settle(page);
    const turned = await state(page);
    expect(turned.actions).toBe(6);
    expect(turned.known).toBeGreaterThan(first.known);
    expect(await page.getAttribute('body', 'data-known')).toBe(String(turned.known));
    await page.screenshot({ path: join(ROOT, 'test-artifacts', 'web-demo-scene.png'), fullPage: true });
    // Reset starts the same scene again, not a procedural house
    await page.click('#reset');
    await page.waitForFunction(() => (window as unknown as Demo).__navharness.ready, undefined, { timeout: 60_000 });
    await settle(page);
    const again = await state(page);
    expect([again.seed, again.actions, again.house]).toEqual([null, 0, first.house]);
    expect(problems).toEqual([]);
  }, 120_000);

  it('opens a picked stage folder (stage config + +Z-up GLB) upright, its KTX2 texture grey and named', async () => {
    const { config, glb } = habitatStageFolder();
    const files = [
      { path: 'apt/apt.stage_config.json', bytes: [...new TextEncoder().encode(config)] },
      { path: 'apt/apt.glb', bytes: [...glb] },
    ];
    // a folder pick as the browser gives it: Files whose webkitRelativePath holds the folder
    const st = await page.evaluate(async (list) => {
      const picked = list.map(({ path, bytes }) => {
        const f = new File([new Uint8Array(bytes)], path.split('/').pop()!);
        Object.defineProperty(f, 'webkitRelativePath', { value: path });
        return f;
      });
      return (window as unknown as Demo).__navharness.openScene(picked);
    }, files);
    const opened = await page.evaluate(() => (window as unknown as Demo).__navharness.scene);
    expect(opened).toMatchObject({ kind: 'habitat-stage', files: ['/apt/apt.stage_config.json', '/apt/apt.glb'], textures: { total: 1, decoded: 0 } });
    expect(opened!.textures.failed).toHaveLength(1);
    expect(opened!.textures.failed[0].reason).toMatch(/image\/ktx2.*unsupported image type/);
    expect(await page.textContent('#status')).toMatch(/1 texture\(s\) grey: /);
    // upright: the +Z-up floor is walkable and mapped free, the walls stand as obstacles
    expect(st.seed).toBeNull();
    expect(st.free).toBeGreaterThan(0);
    expect(st.obstacle).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 120_000);
});

/** A habitat stage folder: a +Z-up 6 m room (KTX2-textured floor, grey walls) and its stage config. */
function habitatStageFolder(): { config: string; glb: Uint8Array } {
  const wall = (name: string, a: [number, number], b: [number, number]): Quad[] => {
    const c: [number, number, number][] = [
      [a[0], a[1], 0],
      [b[0], b[1], 0],
      [b[0], b[1], 2.5],
      [a[0], a[1], 2.5],
    ];
    // both windings, so that the wall is seen from inside whichever way it faces
    return [
      { name, corners: c, colour: [0.6, 0.55, 0.5] },
      { name: `${name} back`, corners: [...c].reverse(), colour: [0.6, 0.55, 0.5] },
    ];
  };
  const ktx2 = new Uint8Array([0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  const quads: Quad[] = [
    {
      name: 'floor',
      corners: [
        [-3, -3, 0],
        [3, -3, 0],
        [3, 3, 0],
        [-3, 3, 0],
      ],
      uv: [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ],
      image: 0,
    },
    ...wall('wall north', [-3, 3], [3, 3]),
    ...wall('wall south', [3, -3], [-3, -3]),
    ...wall('wall west', [-3, -3], [-3, 3]),
    ...wall('wall east', [3, 3], [3, -3]),
  ];
  const config = JSON.stringify({ render_asset: 'apt.glb', up: [0, 0, 1], front: [0, 1, 0], units_to_meters: 1 });
  return { config, glb: habitatGlb(quads, [{ bytes: ktx2, mimeType: 'image/ktx2' }]) };
}

/** A y-up glTF room, 6 m square with 2.5 m walls, a PNG-checkered floor and a crate, as GLB. */
async function roomGlb(): Promise<Uint8Array> {
  const png = new PNG({ width: 8, height: 8 });
  for (let i = 0; i < 64; i++) png.data.set(((i % 8) + (i >> 3)) % 2 ? [230, 230, 230, 255] : [40, 40, 40, 255], i * 4);
  const doc = new Document();
  const buffer = doc.createBuffer();
  const floorMat = doc.createMaterial('floor').setBaseColorTexture(
    doc
      .createTexture('checker')
      .setMimeType('image/png')
      .setImage(new Uint8Array(PNG.sync.write(png))),
  );
  const wallMat = doc.createMaterial('wall').setBaseColorFactor([0.7, 0.6, 0.4, 1]);
  const scene = doc.createScene('room');
  const floor = doc
    .createPrimitive()
    .setAttribute(
      'POSITION',
      doc
        .createAccessor()
        .setType('VEC3')
        .setBuffer(buffer)
        .setArray(new Float32Array([-3, 0, -3, -3, 0, 3, 3, 0, 3, 3, 0, -3])),
    )
    .setAttribute(
      'TEXCOORD_0',
      doc
        .createAccessor()
        .setType('VEC2')
        .setBuffer(buffer)
        .setArray(new Float32Array([0, 0, 0, 6, 6, 6, 6, 0])),
    )
    .setIndices(
      doc
        .createAccessor()
        .setType('SCALAR')
        .setBuffer(buffer)
        .setArray(new Uint16Array([0, 1, 2, 0, 2, 3])),
    )
    .setMaterial(floorMat);
  scene.addChild(doc.createNode('floor').setMesh(doc.createMesh('floor').addPrimitive(floor)));
  // a box from lo to hi, faces outward and inward (double use: walls are seen from inside)
  const box = (name: string, lo: number[], hi: number[]) => {
    const p: number[] = [];
    for (let k = 0; k < 8; k++) p.push(k & 1 ? hi[0] : lo[0], k & 2 ? hi[1] : lo[1], k & 4 ? hi[2] : lo[2]);
    const quads = [
      [0, 1, 3, 2],
      [4, 6, 7, 5],
      [0, 4, 5, 1],
      [2, 3, 7, 6],
      [0, 2, 6, 4],
      [1, 5, 7, 3],
    ];
    const idx = quads.flatMap(([a, b, c, d]) => [a, b, c, a, c, d, a, c, b, a, d, c]);
    const prim = doc
      .createPrimitive()
      .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setBuffer(buffer).setArray(new Float32Array(p)))
      .setIndices(doc.createAccessor().setType('SCALAR').setBuffer(buffer).setArray(new Uint16Array(idx)))
      .setMaterial(wallMat);
    scene.addChild(doc.createNode(name).setMesh(doc.createMesh(name).addPrimitive(prim)));
  };
  box('wall north', [-3.1, 0, -3.1], [3.1, 2.5, -3]);
  box('wall south', [-3.1, 0, 3], [3.1, 2.5, 3.1]);
  box('wall west', [-3.1, 0, -3], [-3, 2.5, 3]);
  box('wall east', [3, 0, -3], [3.1, 2.5, 3]);
  box('crate', [-0.5, 0, -2.2], [0.5, 0.8, -1.2]);
  return new WebIO().writeBinary(doc);
}

/** The README's picture: a longer drive (a look around, then into the room) once the test has passed. */
async function docsScreenshot(page: Page): Promise<void> {
  const tour = [
    ...Array(24).fill('left'),
    'forward',
    'forward',
    'forward',
    'right',
    'right',
    'forward',
    'forward',
    'forward',
    'forward',
    ...Array(7).fill('right'),
  ];
  for (const a of tour) await page.evaluate((x) => (window as unknown as Demo).__navharness.press(x as 'forward'), a);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: DOCS_IMAGE, fullPage: true });
}

/** An angle difference wrapped to (−π, π]. */
function angle(a: number): number {
  return Math.atan2(Math.sin(a), Math.cos(a));
}
