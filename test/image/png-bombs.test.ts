/**
 * Issue 38: images whose PNG header declares more pixels than a loader should ever decode are refused
 * from the header, before a decoder allocates width × height × 4 bytes: a 16000² texture inside a GLB
 * (JPEG had a cap, PNG none), a 20000² SLAM frame (refused only after decoding), a goal photograph.
 * (Place views of a house memory: test/memory/house-memory-hostile.test.ts.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePng } from '../../src/body/tum.js';
import { pngSize, pngSizeProblem } from '../../src/image/index.js';
import { decodeTexture } from '../../src/sim/gltf.js';
import { pngDeclaring } from '../helpers/png-forge.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('PNG sizes checked before decoding', () => {
  it('reads the IHDR size; refuses what is not a PNG or too large', () => {
    expect(pngSize(pngDeclaring(16000, 16000))).toEqual({ width: 16000, height: 16000 });
    expect(pngSize(new Uint8Array(30))).toBeNull();
    expect(pngSizeProblem(new Uint8Array(30), 'x', 100)).toMatch(/x is not a PNG/);
    expect(pngSizeProblem(pngDeclaring(11, 10), 'x', 100)).toMatch(/x declares 11×10 pixels; at most 100 pixels/);
    expect(pngSizeProblem(pngDeclaring(10, 10), 'x', 100)).toBeNull();
  });

  it('a 16000² PNG texture of a GLB is refused from its header, like a JPEG over 64 MP', () => {
    const png = pngDeclaring(16000, 16000);
    expect(() => decodeTexture(png, 'image/png', 'floor')).toThrow(
      /texture 'floor' \(image\/png, \d+ bytes\) cannot be decoded: the PNG declares 16000×16000 pixels; at most 67,108,864 pixels .* \(64 MP, as for JPEG\)/,
    );
    const small = PNG.sync.write(new PNG({ width: 4, height: 2 }));
    expect(decodeTexture(small, 'image/png', 'ok')).toMatchObject({ width: 4, height: 2 });
  });

  it('a 20000² SLAM frame is refused from its header', () => {
    const d = mkdtempSync(join(tmpdir(), 'png-bombs-'));
    dirs.push(d);
    const path = join(d, 'rgb.png');
    writeFileSync(path, pngDeclaring(20000, 20000));
    expect(() => decodePng(path)).toThrow(
      /rgb.png declares 20000×20000 pixels; at most 16,777,216 pixels and 8192 per side are decoded; a camera frame this loader reads is at most 8192 pixels per side/,
    );
    writeFileSync(path, PNG.sync.write(new PNG({ width: 64, height: 48 })));
    expect(decodePng(path).width).toBe(64);
  });
});
