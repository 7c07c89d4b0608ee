/**
 * The report's pictures as files beside its page (`<out>/files/`), linked by relative paths: inlined
 * as data URIs they made an 8-task report 11.7 MB of base64 that a browser parses before it shows
 * anything. The report folder stays self-contained: move it whole and the links still resolve.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { atomicWriteFile } from '../memory/index.js';

export const ASSETS_DIR = 'files';

/** a camera view's JPEG at this quality is about a third of its PNG, with no difference a reader sees */
const PHOTO_QUALITY = 85;

export class ReportAssets {
  private readonly taken = new Set<string>();

  /** `outDir`: the folder of the page; `runDir`: where the pictures come from (names are kept readable from it) */
  constructor(
    readonly outDir: string,
    readonly runDir: string,
  ) {}

  /** Copies a picture of the run beside the page; returns its URL relative to the page. */
  file(abs: string): string {
    const rel = relative(this.runDir, abs);
    const name = this.unique(rel.startsWith('..') ? basename(abs) : rel.split(sep).join('-'));
    mkdirSync(join(this.outDir, ASSETS_DIR), { recursive: true });
    copyFileSync(abs, join(this.outDir, ASSETS_DIR, name));
    return `${ASSETS_DIR}/${encodeURIComponent(name)}`;
  }

  /**
   * A camera view (PNG in the run) beside the page as a JPEG: views are photographs, where PNG's
   * lossless coding costs three times the bytes. Maps stay PNG (flat colours, sharp cells).
   */
  photo(abs: string): string {
    const rel = relative(this.runDir, abs);
    const stem = (rel.startsWith('..') ? basename(abs) : rel.split(sep).join('-')).replace(/\.png$/i, '');
    const name = this.unique(`${stem}.jpg`);
    const png = PNG.sync.read(readFileSync(abs));
    mkdirSync(join(this.outDir, ASSETS_DIR), { recursive: true });
    writeFileSync(join(this.outDir, ASSETS_DIR, name), jpeg.encode({ data: png.data, width: png.width, height: png.height }, PHOTO_QUALITY).data);
    return `${ASSETS_DIR}/${encodeURIComponent(name)}`;
  }

  /** Writes a rendered plot beside the page; returns its URL relative to the page. */
  svg(text: string, name: string): string {
    const file = this.unique(`${name}.svg`);
    atomicWriteFile(join(this.outDir, ASSETS_DIR, file), text);
    return `${ASSETS_DIR}/${encodeURIComponent(file)}`;
  }

  private unique(name: string): string {
    let n = name,
      k = 2;
    const dot = name.lastIndexOf('.');
    while (this.taken.has(n)) n = dot > 0 ? `${name.slice(0, dot)}-${k++}${name.slice(dot)}` : `${name}-${k++}`;
    this.taken.add(n);
    return n;
  }
}
