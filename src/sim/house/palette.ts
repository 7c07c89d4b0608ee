/** Named colours: furniture instances are described by these names in language goals. */
import type { Rgb } from '../scene.js';

export const COLOURS = {
  red: [190, 40, 38],
  blue: [40, 72, 185],
  green: [52, 140, 62],
  yellow: [228, 196, 44],
  white: [232, 230, 224],
  black: [34, 34, 38],
  grey: [128, 128, 132],
  brown: [112, 72, 40],
  orange: [230, 126, 34],
  purple: [118, 52, 148],
  pink: [226, 140, 168],
  beige: [212, 192, 156],
  teal: [30, 136, 136],
} as const satisfies Record<string, Rgb>;

export type ColourName = keyof typeof COLOURS;

export const FABRIC_COLOURS: readonly ColourName[] = [
  'red',
  'blue',
  'green',
  'yellow',
  'grey',
  'brown',
  'orange',
  'purple',
  'pink',
  'beige',
  'teal',
  'black',
  'white',
];
export const WOOD_COLOURS: readonly ColourName[] = ['brown', 'beige', 'black', 'white', 'grey'];
export const APPLIANCE_COLOURS: readonly ColourName[] = ['white', 'grey', 'black', 'red'];
export const CERAMIC_COLOURS: readonly ColourName[] = ['white', 'beige', 'grey', 'black', 'blue'];

export function rgbOf(c: ColourName): Rgb {
  return COLOURS[c];
}

export function scaleRgb(c: Rgb, s: number): Rgb {
  const f = (v: number) => Math.max(0, Math.min(255, Math.round(v * s)));
  return [f(c[0]), f(c[1]), f(c[2])];
}

export function mixRgb(a: Rgb, b: Rgb, t: number): Rgb {
  return [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t)];
}
