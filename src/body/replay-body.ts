/**
 * A body that plays a recorded RGB-D sequence with odometry through the `Body` interface: every
 * sub-motion advances one recorded frame, whatever motion was asked for (a recording cannot be
 * steered), and the recording's end terminates the task. The recorded odometry of the current frame
 * is offered to a pose source (`odometry`), as a robot's wheel or visual odometry would be. No file
 * I/O here: the frames come from a `Recording` (TUM folders: `openTumRecording` in body/node.ts), so
 * a browser can replay frames it holds in memory.
 */
import type { Intrinsics, Mat4 } from '../geometry/index.js';
import type { RgbdImage } from '../image/index.js';
import type { Body, BodyFrame, SubMotion, SubMotionResult } from './body.js';

/** A recorded sequence: frame i's image (depth in metres), its time (seconds) and its odometry pose. */
export interface Recording {
  readonly length: number;
  readonly intrinsics: Intrinsics;
  /** camera height above the floor, metres (a recording does not say; the caller knows the rig) */
  readonly cameraHeight: number;
  time(i: number): number;
  image(i: number): RgbdImage;
  /** camera-to-world pose of frame i from the recording's odometry, null where it has none */
  odometry(i: number): Mat4 | null;
}

export class ReplayBody implements Body {
  private at = 0;
  private frameNow: BodyFrame | null = null;
  /** the motions the navigator asked for, in order (a replay cannot perform them; kept for inspection) */
  readonly commanded: SubMotion[] = [];

  constructor(private readonly rec: Recording) {
    if (rec.length < 1) throw new Error('a replay needs a recording with at least one frame');
  }

  get intrinsics(): Intrinsics {
    return this.rec.intrinsics;
  }

  get cameraHeight(): number {
    return this.rec.cameraHeight;
  }

  /** index of the current frame in the recording */
  get index(): number {
    return this.at;
  }

  /** the recording has no frame after the current one */
  get terminated(): boolean {
    return this.at >= this.rec.length - 1;
  }

  /** the recorded odometry pose of the current frame (null where the recording has none) */
  get odometry(): Mat4 | null {
    return this.rec.odometry(this.at);
  }

  /** the recorded odometry of the frame a pose source is given (matched by its timestamp) */
  odometryOf(frame: BodyFrame): Mat4 | null {
    return frame.timestamp === this.rec.time(this.at) ? this.rec.odometry(this.at) : null;
  }

  private current(): BodyFrame {
    this.frameNow ??= { ...this.rec.image(this.at), timestamp: this.rec.time(this.at) };
    return this.frameNow;
  }

  async observe(): Promise<BodyFrame> {
    return this.current();
  }

  async execute(motion: SubMotion): Promise<SubMotionResult> {
    this.commanded.push(motion);
    if (!this.terminated) {
      this.at++;
      this.frameNow = null;
    }
    // a recording never collides; its end is the environment ending the task
    return { frame: this.current(), collided: false, terminated: this.terminated };
  }
}
