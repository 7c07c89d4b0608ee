/**
 * Furniture kinds for appliances, fixtures, decoration and small things: their size ranges, colours and
 * parts. A data table (one entry per kind); the shared part builders are in furniture.ts.
 */
import { CERAMIC_COLOURS, FABRIC_COLOURS, WOOD_COLOURS, mixRgb, rgbOf, scaleRgb } from './palette.js';
import { APPLIANCES } from './furniture-appliances.js';
import { ALL_SIDES, fabricTex, lbox, plainTex, toWorld, woodTex, type FurnitureKind } from './furniture.js';

export const FIXTURES_AND_DECOR: Record<string, FurnitureKind> = {
  tv: {
    category: 'tv',
    goal: true,
    w: [0.9, 1.4],
    d: [0.06, 0.08],
    h: [0.5, 0.8],
    colours: ['black', 'grey', 'white'],
    build: (ctx, p, s, c, id) => {
      const body = { tex: plainTex(ctx, rgbOf(c)), scale: 0.5 };
      const screen = { tex: fabricTex(ctx, [22, 26, 38], 0.5, 40, 0.0), scale: 'fit' as const };
      const sh = s.w * 0.56;
      lbox(ctx, p, [-s.w / 2, s.h, -s.d / 2], [s.w / 2, s.h + sh, s.d / 2], { ...ALL_SIDES(body), pz: body }, id);
      lbox(ctx, p, [-s.w / 2 + 0.03, s.h + 0.03, s.d / 2], [s.w / 2 - 0.03, s.h + sh - 0.03, s.d / 2 + 0.005], { pz: screen }, id);
      lbox(ctx, p, [-0.12, s.h - 0.02, -s.d / 2], [0.12, s.h, s.d / 2 + 0.12], ALL_SIDES(body), id);
    },
  },
  cabinet: {
    category: 'cabinet',
    goal: true,
    w: [1.2, 1.8],
    d: [0.38, 0.45],
    h: [0.45, 0.6],
    colours: WOOD_COLOURS,
    build: (ctx, p, s, c, id) => {
      const wood = { tex: woodTex(ctx, rgbOf(c)), scale: 1.0 };
      const door = { tex: woodTex(ctx, scaleRgb(rgbOf(c), 0.75)), scale: 1.0 };
      lbox(ctx, p, [-s.w / 2, 0.04, -s.d / 2], [s.w / 2, s.h, s.d / 2], ALL_SIDES(wood), id);
      const n = Math.max(2, Math.round(s.w / 0.45));
      for (let i = 0; i < n; i++) {
        const x0 = -s.w / 2 + (s.w * i) / n + 0.015,
          x1 = -s.w / 2 + (s.w * (i + 1)) / n - 0.015;
        lbox(ctx, p, [x0, 0.07, s.d / 2], [x1, s.h - 0.03, s.d / 2 + 0.012], ALL_SIDES(door), id);
      }
    },
  },
  plant: {
    category: 'plant',
    goal: true,
    w: [0.35, 0.6],
    d: [0.35, 0.6],
    h: [0.5, 1.5],
    colours: CERAMIC_COLOURS,
    build: (ctx, p, s, c, id) => {
      const pot = plainTex(ctx, rgbOf(c));
      const leaf = fabricTex(ctx, mixRgb([40, 120, 40], [90, 160, 50], ctx.rng.next()), 0.6, 3, 0.12);
      const [x, z] = toWorld(p, 0, 0);
      const r = Math.min(s.w, s.d) * 0.32;
      const ph = Math.min(0.45, s.h * 0.3);
      ctx.b.prism(x, z, r * 0.8, p.y, p.y + ph, 16, pot, 0.4, id, r);
      ctx.b.prism(x, z, 0.02, p.y + ph, p.y + s.h * 0.6, 5, leaf, 0.3, id);
      const blobs = 3 + Math.floor(ctx.rng.next() * 3);
      for (let i = 0; i < blobs; i++) {
        const t = (i + 1) / blobs;
        const rr = Math.min(s.w, s.d) * (0.28 + 0.2 * ctx.rng.next());
        ctx.b.blob(
          [x + (ctx.rng.next() - 0.5) * 0.12, p.y + ph + (s.h - ph) * (0.35 + 0.5 * t), z + (ctx.rng.next() - 0.5) * 0.12],
          [rr, (s.h - ph) * 0.3, rr],
          leaf,
          0.25,
          id,
          6,
          12,
        );
      }
    },
  },
  lamp: {
    category: 'lamp',
    goal: true,
    w: [0.35, 0.45],
    d: [0.35, 0.45],
    h: [1.4, 1.75],
    colours: ['white', 'beige', 'yellow', 'red', 'blue', 'green', 'black'],
    build: (ctx, p, s, c, id) => {
      const metal = plainTex(ctx, [70, 70, 72]);
      const shade = fabricTex(ctx, rgbOf(c), 0.15, 6, 0.05);
      const [x, z] = toWorld(p, 0, 0);
      ctx.b.prism(x, z, 0.16, p.y, p.y + 0.03, 16, metal, 0.3, id);
      ctx.b.prism(x, z, 0.015, p.y + 0.03, p.y + s.h - 0.3, 6, metal, 0.3, id);
      ctx.b.prism(x, z, s.w / 2, p.y + s.h - 0.32, p.y + s.h, 20, shade, 0.4, id, s.w * 0.32);
    },
  },
  'table lamp': {
    category: 'lamp',
    goal: true,
    w: [0.22, 0.3],
    d: [0.22, 0.3],
    h: [0.35, 0.5],
    colours: ['white', 'beige', 'yellow', 'red', 'blue', 'green'],
    build: (ctx, p, s, c, id) => {
      const base = plainTex(ctx, [80, 80, 84]);
      const shade = fabricTex(ctx, rgbOf(c), 0.15, 6, 0.05);
      const [x, z] = toWorld(p, 0, 0);
      ctx.b.prism(x, z, s.w * 0.3, p.y, p.y + s.h * 0.5, 14, base, 0.3, id, s.w * 0.15);
      ctx.b.prism(x, z, s.w / 2, p.y + s.h * 0.5, p.y + s.h, 16, shade, 0.3, id, s.w * 0.3);
    },
  },
  // kitchens, bathrooms and utility rooms (furniture-appliances.ts), here in the table's order
  ...APPLIANCES,
  painting: {
    category: 'painting',
    goal: true,
    w: [0.5, 1.2],
    d: [0.03, 0.04],
    h: [0.4, 0.9],
    colours: WOOD_COLOURS,
    build: (ctx, p, s, c, id) => {
      const frame = rgbOf(c);
      const art = { tex: ctx.b.texture({ kind: 'painting', seed: ctx.rng.u32(), frame }, 128, 128), scale: 'fit' as const };
      const edge = { tex: plainTex(ctx, frame), scale: 0.3 };
      const yc = 1.55;
      lbox(ctx, p, [-s.w / 2, yc - s.h / 2, -s.d / 2], [s.w / 2, yc + s.h / 2, s.d / 2], { pz: art, px: edge, nx: edge, py: edge, ny: edge }, id, 2);
    },
  },
  mirror: {
    category: 'mirror',
    goal: false,
    w: [0.5, 0.7],
    d: [0.02, 0.03],
    h: [0.6, 0.8],
    colours: ['grey'],
    build: (ctx, p, s, _c, id) => {
      const glass = { tex: fabricTex(ctx, [180, 196, 205], 0.25, 30, 0), scale: 'fit' as const };
      const yc = 1.6;
      lbox(ctx, p, [-s.w / 2, yc - s.h / 2, -s.d / 2], [s.w / 2, yc + s.h / 2, s.d / 2], ALL_SIDES(glass), id, 2);
    },
  },
  vase: {
    category: 'vase',
    goal: true,
    w: [0.12, 0.22],
    d: [0.12, 0.22],
    h: [0.18, 0.4],
    colours: [...CERAMIC_COLOURS, 'red', 'green', 'yellow', 'teal'],
    build: (ctx, p, s, c, id) => {
      const cer = plainTex(ctx, rgbOf(c));
      const [x, z] = toWorld(p, 0, 0);
      const r = Math.min(s.w, s.d) / 2;
      ctx.b.prism(x, z, r * 0.7, p.y, p.y + s.h * 0.45, 14, cer, 0.2, id, r);
      ctx.b.prism(x, z, r, p.y + s.h * 0.45, p.y + s.h, 14, cer, 0.2, id, r * 0.55);
      if (ctx.rng.chance(0.6)) {
        const petals = fabricTex(ctx, rgbOf(ctx.rng.pick(['red', 'yellow', 'pink', 'purple', 'white', 'orange'] as const)), 0.5, 2, 0.1);
        for (let k = 0; k < 3; k++) {
          ctx.b.blob(
            [x + (ctx.rng.next() - 0.5) * r, p.y + s.h + 0.06 + ctx.rng.next() * 0.06, z + (ctx.rng.next() - 0.5) * r],
            [0.045, 0.035, 0.045],
            petals,
            0.1,
            id,
            4,
            8,
          );
        }
      }
    },
  },
  bowl: {
    category: 'bowl',
    goal: true,
    w: [0.16, 0.28],
    d: [0.16, 0.28],
    h: [0.06, 0.11],
    colours: [...CERAMIC_COLOURS, 'red', 'green', 'yellow', 'orange'],
    build: (ctx, p, s, c, id) => {
      const cer = plainTex(ctx, rgbOf(c));
      const inner = plainTex(ctx, scaleRgb(rgbOf(c), 0.7));
      const [x, z] = toWorld(p, 0, 0);
      const r = Math.min(s.w, s.d) / 2;
      ctx.b.prism(x, z, r * 0.55, p.y, p.y + s.h, 16, cer, 0.2, id, r);
      ctx.b.prism(x, z, r * 0.92, p.y + s.h - 0.002, p.y + s.h + 0.001, 16, inner, 0.2, id, r * 0.92);
      if (ctx.rng.chance(0.6)) {
        const fruit = plainTex(ctx, rgbOf(ctx.rng.pick(['red', 'orange', 'yellow', 'green'] as const)));
        for (let k = 0; k < 3; k++)
          ctx.b.blob([x + (k - 1) * r * 0.4, p.y + s.h + 0.02, z + (ctx.rng.next() - 0.5) * r * 0.4], [0.035, 0.035, 0.035], fruit, 0.1, id, 5, 8);
      }
    },
  },
  'book stack': {
    category: 'books',
    goal: false,
    w: [0.18, 0.26],
    d: [0.14, 0.2],
    h: [0.06, 0.16],
    colours: FABRIC_COLOURS,
    build: (ctx, p, s, c, id) => {
      const n = Math.max(2, Math.round(s.h / 0.035));
      let y = 0;
      for (let k = 0; k < n; k++) {
        const th = s.h / n;
        const st = { tex: plainTex(ctx, k === 0 ? rgbOf(c) : rgbOf(ctx.rng.pick(FABRIC_COLOURS))), scale: 0.2 };
        const jx = (ctx.rng.next() - 0.5) * 0.03,
          jz = (ctx.rng.next() - 0.5) * 0.03;
        lbox(ctx, p, [-s.w / 2 + jx, y, -s.d / 2 + jz], [s.w / 2 + jx, y + th - 0.002, s.d / 2 + jz], { px: st, nx: st, py: st, pz: st, nz: st }, id);
        y += th;
      }
    },
  },
  'ceiling light': {
    category: 'ceiling light',
    goal: false,
    w: [0.3, 0.45],
    d: [0.3, 0.45],
    h: [0.12, 0.2],
    colours: ['white', 'beige', 'yellow'],
    build: (ctx, p, s, c, id) => {
      const glass = fabricTex(ctx, scaleRgb(rgbOf(c), 1.1), 0.1, 10, 0);
      const [x, z] = toWorld(p, 0, 0);
      ctx.b.blob([x, p.y - s.h / 2, z], [s.w / 2, s.h / 2, s.w / 2], glass, 0.3, id, 6, 16);
    },
  },
  window: {
    category: 'window',
    goal: false,
    w: [0.9, 1.4],
    d: [0.05, 0.06],
    h: [1.1, 1.3],
    colours: ['white', 'brown', 'grey', 'black'],
    build: (ctx, p, s, c, id) => {
      const frame = { tex: plainTex(ctx, rgbOf(c)), scale: 0.3 };
      const view = { tex: ctx.b.texture({ kind: 'landscape', seed: ctx.rng.u32() }, 128, 128), scale: 'fit' as const };
      const y0 = 1.55 - s.h / 2,
        y1 = 1.55 + s.h / 2,
        t = 0.06,
        zf = -s.d / 2;
      lbox(ctx, p, [-s.w / 2 + t, y0 + t, zf], [s.w / 2 - t, y1 - t, zf + 0.005], { pz: view }, id, 2);
      lbox(ctx, p, [-s.w / 2, y0, zf], [-s.w / 2 + t, y1, s.d / 2], ALL_SIDES(frame), id, 2);
      lbox(ctx, p, [s.w / 2 - t, y0, zf], [s.w / 2, y1, s.d / 2], ALL_SIDES(frame), id, 2);
      lbox(ctx, p, [-s.w / 2 + t, y1 - t, zf], [s.w / 2 - t, y1, s.d / 2], ALL_SIDES(frame), id, 2);
      lbox(ctx, p, [-s.w / 2 - 0.04, y0 - 0.04, zf], [s.w / 2 + 0.04, y0 + t, s.d / 2 + 0.06], { ...ALL_SIDES(frame), ny: frame }, id, 2);
      lbox(ctx, p, [-0.02, y0 + t, zf], [0.02, y1 - t, zf + 0.04], ALL_SIDES(frame), id, 2);
      lbox(ctx, p, [-s.w / 2 + t, (y0 + y1) / 2 - 0.02, zf], [s.w / 2 - t, (y0 + y1) / 2 + 0.02, zf + 0.04], ALL_SIDES(frame), id, 2);
    },
  },
  radiator: {
    category: 'radiator',
    goal: false,
    w: [0.6, 1.2],
    d: [0.1, 0.12],
    h: [0.55, 0.65],
    colours: ['white', 'grey'],
    build: (ctx, p, s, c, id) => {
      const metal = { tex: plainTex(ctx, rgbOf(c)), scale: 0.3 };
      const fins = Math.max(6, Math.round(s.w / 0.055));
      for (let k = 0; k < fins; k++) {
        const x0 = -s.w / 2 + (s.w * k) / fins,
          x1 = x0 + s.w / fins - 0.012;
        lbox(ctx, p, [x0, 0.12, -s.d / 2], [x1, 0.12 + s.h, s.d / 2], { px: metal, nx: metal, py: metal, pz: metal }, id);
      }
      lbox(ctx, p, [-s.w / 2, 0.15, -s.d / 2], [s.w / 2, 0.2, s.d / 2 - 0.02], { pz: metal, py: metal }, id);
    },
  },
  rug: {
    category: 'rug',
    goal: false,
    w: [1.4, 2.4],
    d: [1.0, 1.7],
    h: [0.01, 0.012],
    colours: FABRIC_COLOURS,
    build: (ctx, p, s, c, id) => {
      const rug = { tex: ctx.b.texture({ kind: 'rug', seed: ctx.rng.u32(), a: rgbOf(c), b: scaleRgb(rgbOf(c), 0.45) }, 256, 256), scale: 'fit' as const };
      const edge = { tex: plainTex(ctx, rgbOf(c)), scale: 0.3 };
      lbox(ctx, p, [-s.w / 2, 0, -s.d / 2], [s.w / 2, s.h, s.d / 2], { py: rug, px: edge, nx: edge, pz: edge, nz: edge }, id);
    },
  },
};
