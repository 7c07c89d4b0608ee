/**
 * Furniture kinds people sit, sleep, work and store things on: their size ranges, colours and parts.
 * A data table (one entry per kind); the shared part builders are in furniture.ts.
 */
import { FABRIC_COLOURS, WOOD_COLOURS, rgbOf, scaleRgb } from './palette.js';
import { ALL_SIDES, fabricTex, lbox, legs, plainTex, seating, toWorld, woodTex, type FurnitureKind } from './furniture.js';

export const SEATING_AND_STORAGE: Record<string, FurnitureKind> = {
  sofa: {
    category: 'sofa',
    goal: true,
    w: [1.7, 2.4],
    d: [0.85, 0.95],
    h: [0.8, 0.92],
    colours: FABRIC_COLOURS,
    build: (ctx, p, s, c, id) => seating(ctx, p, s, c, id, s.w > 2 ? 3 : 2),
  },
  armchair: {
    category: 'armchair',
    goal: true,
    w: [0.8, 1.0],
    d: [0.8, 0.9],
    h: [0.8, 0.95],
    colours: FABRIC_COLOURS,
    build: (ctx, p, s, c, id) => seating(ctx, p, s, c, id, 1),
  },
  chair: {
    category: 'chair',
    goal: true,
    w: [0.42, 0.5],
    d: [0.45, 0.52],
    h: [0.85, 0.98],
    colours: [...WOOD_COLOURS, 'red', 'blue', 'green', 'yellow'],
    build: (ctx, p, s, c, id) => {
      const wood = { tex: woodTex(ctx, rgbOf(c)), scale: 0.6 };
      legs(ctx, p, s, 0.44, 0.035, 0.0, wood, id);
      lbox(ctx, p, [-s.w / 2, 0.44, -s.d / 2], [s.w / 2, 0.48, s.d / 2], ALL_SIDES(wood), id);
      lbox(ctx, p, [-s.w / 2, 0.48, -s.d / 2], [-s.w / 2 + 0.035, s.h, -s.d / 2 + 0.035], ALL_SIDES(wood), id);
      lbox(ctx, p, [s.w / 2 - 0.035, 0.48, -s.d / 2], [s.w / 2, s.h, -s.d / 2 + 0.035], ALL_SIDES(wood), id);
      lbox(ctx, p, [-s.w / 2, s.h - 0.22, -s.d / 2], [s.w / 2, s.h, -s.d / 2 + 0.03], ALL_SIDES(wood), id);
    },
  },
  table: {
    category: 'table',
    goal: true,
    w: [1.2, 1.8],
    d: [0.8, 1.0],
    h: [0.72, 0.77],
    colours: WOOD_COLOURS,
    build: (ctx, p, s, c, id) => {
      const wood = { tex: woodTex(ctx, rgbOf(c)), scale: 1.0 };
      legs(ctx, p, s, s.h - 0.04, 0.06, 0.05, wood, id);
      lbox(ctx, p, [-s.w / 2, s.h - 0.04, -s.d / 2], [s.w / 2, s.h, s.d / 2], { ...ALL_SIDES(wood), ny: wood }, id);
    },
  },
  'coffee table': {
    category: 'table',
    goal: true,
    w: [0.9, 1.2],
    d: [0.5, 0.65],
    h: [0.4, 0.48],
    colours: WOOD_COLOURS,
    build: (ctx, p, s, c, id) => {
      const wood = { tex: woodTex(ctx, rgbOf(c)), scale: 1.0 };
      legs(ctx, p, s, s.h - 0.05, 0.05, 0.04, wood, id);
      lbox(ctx, p, [-s.w / 2, s.h - 0.05, -s.d / 2], [s.w / 2, s.h, s.d / 2], { ...ALL_SIDES(wood), ny: wood }, id);
      lbox(ctx, p, [-s.w / 2 + 0.05, 0.1, -s.d / 2 + 0.05], [s.w / 2 - 0.05, 0.13, s.d / 2 - 0.05], ALL_SIDES(wood), id);
    },
  },
  bed: {
    category: 'bed',
    goal: true,
    w: [1.4, 1.8],
    d: [1.95, 2.1],
    h: [0.45, 0.55],
    colours: FABRIC_COLOURS,
    build: (ctx, p, s, c, id) => {
      const woodC = rgbOf(ctx.rng.pick(WOOD_COLOURS));
      const wood = { tex: woodTex(ctx, woodC), scale: 1.0 };
      const sheet = { tex: fabricTex(ctx, [236, 234, 228], 0.08, 10, 0.02), scale: 0.8 };
      const blanket = { tex: fabricTex(ctx, rgbOf(c), 0.3, 6, 0.06), scale: 0.6 };
      lbox(ctx, p, [-s.w / 2, 0.05, -s.d / 2], [s.w / 2, 0.3, s.d / 2], ALL_SIDES(wood), id);
      lbox(ctx, p, [-s.w / 2 + 0.03, 0.3, -s.d / 2 + 0.06], [s.w / 2 - 0.03, s.h, s.d / 2 - 0.02], ALL_SIDES(sheet), id);
      lbox(ctx, p, [-s.w / 2 + 0.01, s.h - 0.2, -s.d / 2 + 0.65], [s.w / 2 - 0.01, s.h + 0.03, s.d / 2], ALL_SIDES(blanket), id);
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [s.w / 2, 1.0, -s.d / 2 + 0.06], ALL_SIDES(wood), id);
      const pillows = s.w > 1.3 ? 2 : 1;
      for (let i = 0; i < pillows; i++) {
        const x = pillows === 1 ? 0 : (i === 0 ? -1 : 1) * s.w * 0.24;
        const [wx, wz] = toWorld(p, x, -s.d / 2 + 0.3);
        const rx = p.rot % 2 === 0 ? s.w * 0.2 : 0.17,
          rz = p.rot % 2 === 0 ? 0.17 : s.w * 0.2;
        ctx.b.blob([wx, p.y + s.h + 0.06, wz], [rx, 0.08, rz], sheet.tex, 0.5, id);
      }
    },
  },
  nightstand: {
    category: 'nightstand',
    goal: true,
    w: [0.4, 0.5],
    d: [0.35, 0.45],
    h: [0.5, 0.6],
    colours: WOOD_COLOURS,
    build: (ctx, p, s, c, id) => {
      const wood = { tex: woodTex(ctx, rgbOf(c)), scale: 0.5 };
      const front = { tex: woodTex(ctx, scaleRgb(rgbOf(c), 0.8)), scale: 0.5 };
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [s.w / 2, s.h, s.d / 2], ALL_SIDES(wood), id);
      lbox(ctx, p, [-s.w / 2 + 0.03, s.h - 0.2, s.d / 2], [s.w / 2 - 0.03, s.h - 0.04, s.d / 2 + 0.015], ALL_SIDES(front), id);
      lbox(
        ctx,
        p,
        [-0.05, s.h - 0.13, s.d / 2 + 0.015],
        [0.05, s.h - 0.11, s.d / 2 + 0.035],
        ALL_SIDES({ tex: plainTex(ctx, [200, 190, 150]), scale: 0.2 }),
        id,
      );
    },
  },
  wardrobe: {
    category: 'wardrobe',
    goal: true,
    w: [1.0, 1.6],
    d: [0.55, 0.62],
    h: [1.9, 2.1],
    colours: WOOD_COLOURS,
    build: (ctx, p, s, c, id) => {
      const wood = { tex: woodTex(ctx, rgbOf(c)), scale: 1.2 };
      const door = { tex: woodTex(ctx, scaleRgb(rgbOf(c), 0.85)), scale: 1.2 };
      const knob = { tex: plainTex(ctx, [60, 60, 60]), scale: 0.2 };
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [s.w / 2, s.h, s.d / 2], ALL_SIDES(wood), id);
      for (const sx of [-1, 1]) {
        const x0 = sx < 0 ? -s.w / 2 + 0.03 : 0.01,
          x1 = sx < 0 ? -0.01 : s.w / 2 - 0.03;
        lbox(ctx, p, [x0, 0.1, s.d / 2], [x1, s.h - 0.05, s.d / 2 + 0.015], ALL_SIDES(door), id);
        lbox(ctx, p, [sx * 0.05 - 0.012, 1.0, s.d / 2 + 0.015], [sx * 0.05 + 0.012, 1.25, s.d / 2 + 0.04], ALL_SIDES(knob), id);
      }
    },
  },
  desk: {
    category: 'desk',
    goal: true,
    w: [1.1, 1.6],
    d: [0.6, 0.75],
    h: [0.74, 0.77],
    colours: WOOD_COLOURS,
    build: (ctx, p, s, c, id) => {
      const wood = { tex: woodTex(ctx, rgbOf(c)), scale: 1.0 };
      const dark = { tex: plainTex(ctx, scaleRgb(rgbOf(c), 0.6)), scale: 0.5 };
      lbox(ctx, p, [-s.w / 2, s.h - 0.04, -s.d / 2], [s.w / 2, s.h, s.d / 2], { ...ALL_SIDES(wood), ny: wood }, id);
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [-s.w / 2 + 0.04, s.h - 0.04, s.d / 2], ALL_SIDES(wood), id);
      lbox(ctx, p, [s.w / 2 - 0.42, 0, -s.d / 2], [s.w / 2, s.h - 0.04, s.d / 2], ALL_SIDES(wood), id);
      for (let k = 0; k < 3; k++) {
        const y0 = 0.05 + k * 0.22;
        lbox(ctx, p, [s.w / 2 - 0.4, y0, s.d / 2], [s.w / 2 - 0.02, y0 + 0.19, s.d / 2 + 0.012], ALL_SIDES(dark), id);
      }
    },
  },
  bookshelf: {
    category: 'bookshelf',
    goal: true,
    w: [0.8, 1.2],
    d: [0.3, 0.38],
    h: [1.6, 2.0],
    colours: WOOD_COLOURS,
    build: (ctx, p, s, c, id) => {
      const wood = { tex: woodTex(ctx, rgbOf(c)), scale: 1.0 };
      const t = 0.025;
      const rows = Math.max(4, Math.round(s.h / 0.38));
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [-s.w / 2 + t, s.h, s.d / 2], ALL_SIDES(wood), id);
      lbox(ctx, p, [s.w / 2 - t, 0, -s.d / 2], [s.w / 2, s.h, s.d / 2], ALL_SIDES(wood), id);
      lbox(ctx, p, [-s.w / 2 + t, 0, -s.d / 2], [s.w / 2 - t, s.h, -s.d / 2 + 0.012], { pz: wood }, id);
      const bookTex = Array.from({ length: 6 }, () =>
        plainTex(ctx, [40 + Math.floor(ctx.rng.next() * 200), 40 + Math.floor(ctx.rng.next() * 200), 40 + Math.floor(ctx.rng.next() * 200)]),
      );
      const rowH = s.h / rows;
      for (let r = 0; r <= rows; r++) {
        const y = Math.min(r * rowH, s.h - t);
        lbox(ctx, p, [-s.w / 2 + t, y, -s.d / 2 + 0.012], [s.w / 2 - t, y + t, s.d / 2], { ...ALL_SIDES(wood), ny: wood }, id);
        if (r === rows) break;
        // books standing on the shelf, random width, height and depth; sometimes a gap
        let x = -s.w / 2 + t + 0.01;
        while (x < s.w / 2 - t - 0.05) {
          const bw = 0.018 + ctx.rng.next() * 0.035;
          if (ctx.rng.chance(0.08)) {
            x += bw * 3;
            continue;
          }
          const bh = Math.min(rowH - t - 0.02, 0.14 + ctx.rng.next() * 0.16);
          const bd = 0.14 + ctx.rng.next() * 0.08;
          const st = { tex: ctx.rng.pick(bookTex), scale: 0.3 };
          lbox(ctx, p, [x, y + t, -s.d / 2 + 0.02], [x + bw, y + t + bh, -s.d / 2 + 0.02 + bd], { px: st, nx: st, py: st, pz: st }, id);
          x += bw + 0.002;
        }
      }
    },
  },
};
