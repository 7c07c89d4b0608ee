/**
 * Furniture kinds of kitchens, bathrooms and utility rooms: the appliances and plumbed fixtures, their
 * size ranges, colours and parts. A data table (one entry per kind), spread into FIXTURES_AND_DECOR
 * at their place in its order; the shared part builders are in furniture.ts.
 */
import { APPLIANCE_COLOURS, CERAMIC_COLOURS, WOOD_COLOURS, rgbOf, scaleRgb } from './palette.js';
import { ALL_SIDES, TEX, fabricTex, lbox, plainTex, woodTex, type FurnitureKind } from './furniture.js';

export const APPLIANCES: Record<string, FurnitureKind> = {
  toilet: {
    category: 'toilet',
    goal: true,
    w: [0.36, 0.42],
    d: [0.62, 0.72],
    h: [0.75, 0.85],
    colours: CERAMIC_COLOURS,
    build: (ctx, p, s, c, id) => {
      const cer = { tex: plainTex(ctx, rgbOf(c)), scale: 0.4 };
      const seat = { tex: plainTex(ctx, scaleRgb(rgbOf(c), 0.85)), scale: 0.4 };
      lbox(ctx, p, [-s.w * 0.3, 0, -s.d / 2 + 0.15], [s.w * 0.3, 0.3, s.d / 2 - 0.1], ALL_SIDES(cer), id);
      lbox(ctx, p, [-s.w / 2, 0.3, -s.d / 2 + 0.15], [s.w / 2, 0.4, s.d / 2], ALL_SIDES(cer), id);
      lbox(ctx, p, [-s.w / 2 + 0.01, 0.4, -s.d / 2 + 0.18], [s.w / 2 - 0.01, 0.43, s.d / 2 - 0.01], ALL_SIDES(seat), id);
      lbox(ctx, p, [-s.w / 2, 0.4, -s.d / 2], [s.w / 2, s.h, -s.d / 2 + 0.17], ALL_SIDES(cer), id);
    },
  },
  sink: {
    category: 'sink',
    goal: true,
    w: [0.6, 0.9],
    d: [0.45, 0.52],
    h: [0.8, 0.88],
    colours: CERAMIC_COLOURS,
    build: (ctx, p, s, c, id) => {
      const cab = { tex: woodTex(ctx, rgbOf(ctx.rng.pick(WOOD_COLOURS))), scale: 0.8 };
      const cer = { tex: plainTex(ctx, rgbOf(c)), scale: 0.4 };
      const hole = { tex: plainTex(ctx, scaleRgb(rgbOf(c), 0.55)), scale: 0.4 };
      const metal = { tex: plainTex(ctx, [170, 172, 176]), scale: 0.2 };
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [s.w / 2, s.h - 0.05, s.d / 2], ALL_SIDES(cab), id);
      lbox(ctx, p, [-s.w / 2, s.h - 0.05, -s.d / 2], [s.w / 2, s.h, s.d / 2 + 0.02], ALL_SIDES(cer), id);
      lbox(ctx, p, [-s.w * 0.3, s.h, -s.d / 2 + 0.12], [s.w * 0.3, s.h + 0.005, s.d / 2 - 0.06], { py: hole }, id);
      lbox(ctx, p, [-0.02, s.h, -s.d / 2 + 0.03], [0.02, s.h + 0.22, -s.d / 2 + 0.07], ALL_SIDES(metal), id);
      lbox(ctx, p, [-0.02, s.h + 0.18, -s.d / 2 + 0.07], [0.02, s.h + 0.22, -s.d / 2 + 0.17], ALL_SIDES(metal), id);
    },
  },
  fridge: {
    category: 'fridge',
    goal: true,
    w: [0.6, 0.8],
    d: [0.6, 0.7],
    h: [1.7, 1.9],
    colours: APPLIANCE_COLOURS,
    build: (ctx, p, s, c, id) => {
      const body = { tex: plainTex(ctx, rgbOf(c)), scale: 0.6 };
      const door = { tex: plainTex(ctx, scaleRgb(rgbOf(c), 0.9)), scale: 0.6 };
      const handle = { tex: plainTex(ctx, [150, 150, 155]), scale: 0.2 };
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [s.w / 2, s.h, s.d / 2 - 0.03], ALL_SIDES(body), id);
      const split = s.h * 0.62;
      lbox(ctx, p, [-s.w / 2, 0.02, s.d / 2 - 0.03], [s.w / 2, split - 0.01, s.d / 2], ALL_SIDES(door), id);
      lbox(ctx, p, [-s.w / 2, split + 0.01, s.d / 2 - 0.03], [s.w / 2, s.h - 0.01, s.d / 2], ALL_SIDES(door), id);
      lbox(ctx, p, [s.w / 2 - 0.08, split - 0.45, s.d / 2], [s.w / 2 - 0.06, split - 0.1, s.d / 2 + 0.04], ALL_SIDES(handle), id);
      lbox(ctx, p, [s.w / 2 - 0.08, split + 0.1, s.d / 2], [s.w / 2 - 0.06, split + 0.35, s.d / 2 + 0.04], ALL_SIDES(handle), id);
    },
  },
  oven: {
    category: 'oven',
    goal: true,
    w: [0.58, 0.62],
    d: [0.58, 0.62],
    h: [0.88, 0.92],
    colours: APPLIANCE_COLOURS,
    build: (ctx, p, s, c, id) => {
      const body = { tex: plainTex(ctx, rgbOf(c)), scale: 0.6 };
      const glass = { tex: fabricTex(ctx, [20, 20, 24], 0.4, 20, 0), scale: 'fit' as const };
      const top = {
        tex: ctx.b.texture(
          { kind: 'tiles', seed: ctx.rng.u32(), a: [30, 30, 32], b: [60, 60, 64], grout: [10, 10, 10], tile: 64, groutWidth: 3, checker: true },
          TEX,
          TEX,
        ),
        scale: 'fit' as const,
      };
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [s.w / 2, s.h, s.d / 2], { ...ALL_SIDES(body), py: top }, id);
      lbox(ctx, p, [-s.w / 2 + 0.06, 0.12, s.d / 2], [s.w / 2 - 0.06, s.h - 0.25, s.d / 2 + 0.01], { pz: glass }, id);
      for (let k = 0; k < 4; k++) {
        const x = -s.w / 2 + 0.1 + k * ((s.w - 0.2) / 3);
        lbox(ctx, p, [x - 0.02, s.h - 0.14, s.d / 2], [x + 0.02, s.h - 0.1, s.d / 2 + 0.03], ALL_SIDES({ tex: plainTex(ctx, [20, 20, 20]), scale: 0.2 }), id);
      }
    },
  },
  counter: {
    category: 'counter',
    goal: true,
    w: [1.4, 2.6],
    d: [0.6, 0.62],
    h: [0.88, 0.92],
    colours: WOOD_COLOURS,
    build: (ctx, p, s, c, id) => {
      const wood = { tex: woodTex(ctx, rgbOf(c)), scale: 1.0 };
      const door = { tex: woodTex(ctx, scaleRgb(rgbOf(c), 0.8)), scale: 1.0 };
      const stone = {
        tex: ctx.b.texture(
          { kind: 'tiles', seed: ctx.rng.u32(), a: [200, 200, 196], b: [90, 90, 96], grout: [40, 40, 40], tile: 40, groutWidth: 2, checker: false },
          TEX,
          TEX,
        ),
        scale: 0.6,
      };
      lbox(ctx, p, [-s.w / 2, 0.08, -s.d / 2], [s.w / 2, s.h - 0.04, s.d / 2 - 0.02], ALL_SIDES(wood), id);
      lbox(ctx, p, [-s.w / 2, s.h - 0.04, -s.d / 2], [s.w / 2, s.h, s.d / 2 + 0.02], ALL_SIDES(stone), id);
      const n = Math.max(2, Math.round(s.w / 0.5));
      for (let i = 0; i < n; i++) {
        const x0 = -s.w / 2 + (s.w * i) / n + 0.012,
          x1 = -s.w / 2 + (s.w * (i + 1)) / n - 0.012;
        lbox(ctx, p, [x0, 0.1, s.d / 2 - 0.02], [x1, s.h - 0.08, s.d / 2], ALL_SIDES(door), id);
      }
    },
  },
  microwave: {
    category: 'microwave',
    goal: true,
    w: [0.45, 0.55],
    d: [0.34, 0.4],
    h: [0.27, 0.32],
    colours: APPLIANCE_COLOURS,
    build: (ctx, p, s, c, id) => {
      const body = { tex: plainTex(ctx, rgbOf(c)), scale: 0.4 };
      const glass = { tex: fabricTex(ctx, [25, 25, 30], 0.4, 10, 0), scale: 'fit' as const };
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [s.w / 2, s.h, s.d / 2], ALL_SIDES(body), id);
      lbox(ctx, p, [-s.w / 2 + 0.03, 0.04, s.d / 2], [s.w / 2 - 0.14, s.h - 0.04, s.d / 2 + 0.006], { pz: glass }, id);
    },
  },
  bathtub: {
    category: 'bathtub',
    goal: true,
    w: [1.5, 1.75],
    d: [0.7, 0.8],
    h: [0.5, 0.6],
    colours: CERAMIC_COLOURS,
    build: (ctx, p, s, c, id) => {
      const cer = { tex: plainTex(ctx, rgbOf(c)), scale: 0.6 };
      const inner = { tex: plainTex(ctx, scaleRgb(rgbOf(c), 0.9)), scale: 0.6 };
      const t = 0.08;
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [s.w / 2, 0.12, s.d / 2], ALL_SIDES(cer), id);
      lbox(ctx, p, [-s.w / 2, 0.12, -s.d / 2], [s.w / 2, s.h, -s.d / 2 + t], ALL_SIDES(cer), id);
      lbox(ctx, p, [-s.w / 2, 0.12, s.d / 2 - t], [s.w / 2, s.h, s.d / 2], ALL_SIDES(cer), id);
      lbox(ctx, p, [-s.w / 2, 0.12, -s.d / 2 + t], [-s.w / 2 + t, s.h, s.d / 2 - t], ALL_SIDES(cer), id);
      lbox(ctx, p, [s.w / 2 - t, 0.12, -s.d / 2 + t], [s.w / 2, s.h, s.d / 2 - t], ALL_SIDES(cer), id);
      lbox(ctx, p, [-s.w / 2 + t, 0.12, -s.d / 2 + t], [s.w / 2 - t, 0.125, s.d / 2 - t], { py: inner }, id);
    },
  },
  'washing machine': {
    category: 'washing machine',
    goal: true,
    w: [0.58, 0.62],
    d: [0.55, 0.62],
    h: [0.82, 0.88],
    colours: APPLIANCE_COLOURS,
    build: (ctx, p, s, c, id) => {
      const body = { tex: plainTex(ctx, rgbOf(c)), scale: 0.5 };
      const glass = { tex: fabricTex(ctx, [60, 70, 90], 0.5, 6, 0), scale: 'fit' as const };
      const panel = { tex: plainTex(ctx, [90, 90, 96]), scale: 0.3 };
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [s.w / 2, s.h, s.d / 2], ALL_SIDES(body), id);
      lbox(ctx, p, [-0.17, 0.2, s.d / 2], [0.17, 0.54, s.d / 2 + 0.03], ALL_SIDES(glass), id);
      lbox(ctx, p, [-s.w / 2 + 0.03, s.h - 0.12, s.d / 2], [s.w / 2 - 0.03, s.h - 0.03, s.d / 2 + 0.01], ALL_SIDES(panel), id);
    },
  },
};
