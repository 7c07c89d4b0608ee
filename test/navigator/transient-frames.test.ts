import { describe, expect, it } from 'vitest';
import { ownFrame, type BodyFrame } from '../../src/body/body.js';
import { Navigator } from '../../src/navigator/navigator.js';
import type { PoseEstimate, RgbdFrame } from '../../src/perception/pose-source.js';
import { simWorld } from '../helpers/sim-world.js';

const sameBytes = (a: ArrayLike<number>, b: ArrayLike<number>) => a.length === b.length && Array.prototype.every.call(a, (v: number, i: number) => v === b[i]);

describe('transient sub-motion frames', () => {
  it('SimBody hands out the renderer buffers only when asked, and an owned copy otherwise', async () => {
    const { body } = await simWorld(7);
    const owned = await body.execute('left');
    expect(owned.transient).toBe(false);
    const kept = ownFrame(owned.frame);
    const view = await body.execute('left', { transient: true });
    expect(view.transient).toBe(true);
    const viewCopy = ownFrame(view.frame);
    await body.execute('left', { transient: true });
    // the owned frame survives later renders; the transient one was overwritten by the next render
    expect(sameBytes(owned.frame.rgb, kept.rgb)).toBe(true);
    expect(sameBytes(owned.frame.depth, kept.depth)).toBe(true);
    expect(sameBytes(view.frame.rgb, viewCopy.rgb)).toBe(false);
    // ownFrame detaches every buffer, instance ids included
    expect(viewCopy.rgb.buffer).not.toBe(view.frame.rgb.buffer);
    expect(viewCopy.ids).toBeInstanceOf(Uint32Array);
    expect(viewCopy.ids!.buffer).not.toBe(view.frame.ids!.buffer);
  });

  it('the navigator still feeds every sub-motion frame as rendered and keeps each action’s last view intact', async () => {
    const { body, gt } = await simWorld(7);
    // A pose source that records what it was shown at the moment it was shown.
    const seen: { rgb: Uint8Array; t: number }[] = [];
    const poseSource = {
      name: 'recording ground truth',
      estimate(f: RgbdFrame): PoseEstimate {
        seen.push({ rgb: f.rgb.slice(), t: f.timestamp });
        return gt.estimate(f);
      },
      reset: () => gt.reset(),
      dispose: () => gt.dispose(),
    };
    const nav = await Navigator.create({ body, poseSource });
    const first = await nav.act(['left', 'left']);
    const snapshot: BodyFrame = ownFrame(first.frame);
    expect(seen).toHaveLength(1 + 10);
    // the returned view is the last frame the tracker saw, and it is the navigator's last view
    expect(sameBytes(first.frame.rgb, seen[10].rgb)).toBe(true);
    expect(nav.lastView).toBe(first.frame);
    // sub-motion frames differ from one another (each is its own render, not a reused stale buffer)
    expect(sameBytes(seen[9].rgb, seen[10].rgb)).toBe(false);
    const second = await nav.act(['right', 'forward']);
    // later actions overwrite the renderer's buffers, never an earlier action's returned view
    expect(sameBytes(first.frame.rgb, snapshot.rgb)).toBe(true);
    expect(sameBytes(first.frame.depth, snapshot.depth)).toBe(true);
    expect(sameBytes(first.frame.rgb, second.frame.rgb)).toBe(false);
    expect(nav.lastView).toBe(second.frame);
    // a place banks owned views: they do not change when the body moves on
    const place = nav.mark('here')!;
    const banked = place.views.map((v) => v.rgb.slice());
    await nav.act(['left', 'left', 'left']);
    place.views.forEach((v, i) => expect(sameBytes(v.rgb, banked[i])).toBe(true));
  });
});
