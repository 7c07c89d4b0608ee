/**
 * Evaluation-only diagnosis: where a saved (or snapshot) navigator grid disagrees with the true map.
 * `npx tsx scripts/saved-grid-diff.ts NAVIGATOR_DIR SEED RUN_START_JSON OUT_PREFIX [layer]` writes one
 * PNG per floor layer (truly free cells called obstacle red, truly blocked called free orange, right
 * free white, right obstacle black, free off every floor blue, unknown grey) and prints the counts.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { truthGridIn } from '../src/eval/map-quality.js';
import { invert, transformPoint } from '../src/geometry/index.js';
import { readNavigatorFiles } from '../src/memory/navigator-files.js';
import { floorAt, generateHouse } from '../src/sim/index.js';

const [dir, seedArg, runStart, outPrefix] = process.argv.slice(2);
type Count = 'freeOnFree' | 'obstOnFree' | 'freeOnBlocked' | 'obstOnBlocked' | 'freeOff' | 'obstOff' | 'unknownFree';

/** What a cell of state `c` is against the truth, and its colour. */
function classify(c: number, truthFree: boolean, truthBlocked: boolean): [Count | null, number[]] {
  if (c === 0) return truthFree ? ['unknownFree', [185, 200, 185]] : [null, [170, 170, 170]];
  if (c === 1) return truthFree ? ['freeOnFree', [255, 255, 255]] : truthBlocked ? ['freeOnBlocked', [255, 150, 0]] : ['freeOff', [80, 120, 255]];
  return truthFree ? ['obstOnFree', [230, 0, 0]] : truthBlocked ? ['obstOnBlocked', [0, 0, 0]] : ['obstOff', [90, 60, 90]];
}
const CELL = 0.1;
const mem = readNavigatorFiles((f) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f)) : null), dir);
if (!mem) throw new Error(`no memory.json in ${dir}`);
const scene = generateHouse(Number(seedArg));
const g = Float64Array.from(JSON.parse(readFileSync(runStart, 'utf8')).world_to_truth as number[]);
const toNav = invert(g);
mem.layers.forEach((layer, li) => {
  const simY = -transformPoint(g, [0, -layer.floorUp, 0])[1];
  const level = floorAt(scene, simY);
  if (!level || Math.abs(level.y - simY) > 0.5) return;
  const truth = truthGridIn(scene, level.y, toNav, CELL);
  const s = layer.grid;
  const S = 3;
  const png = new PNG({ width: s.width * S, height: s.height * S });
  const n: Record<Count, number> = { freeOnFree: 0, obstOnFree: 0, freeOnBlocked: 0, obstOnBlocked: 0, freeOff: 0, obstOff: 0, unknownFree: 0 };
  for (let z = 0; z < s.height; z++)
    for (let x = 0; x < s.width; x++) {
      const c = s.cells[z * s.width + x];
      const k = `${x + s.originX},${z + s.originZ}`;
      const [kind, rgb] = classify(c, truth.free.has(k), truth.blocked.has(k));
      if (kind) n[kind]++;
      for (let dz = 0; dz < S; dz++)
        for (let dx = 0; dx < S; dx++) {
          const o = ((z * S + dz) * s.width * S + x * S + dx) * 4;
          png.data.set([rgb[0], rgb[1], rgb[2], 255], o);
        }
    }
  writeFileSync(`${outPrefix}-layer-${li}.png`, PNG.sync.write(png));
  console.log(JSON.stringify({ layer: li, floor_up: layer.floorUp, sim_floor: level.index, origin: [s.originX, s.originZ], size: [s.width, s.height], ...n }));
});
