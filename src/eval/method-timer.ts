/**
 * Where a run's time goes, without changing what runs: timers wrapped around methods of the run's
 * own objects (one world, one workspace), each adding the time inside its method to a named part,
 * the time of timed calls nested in it excluded (a body step that renders gives the render to
 * `render`, the rest to `body`). A method that returns a promise is timed until it settles: a
 * sequence runs one call after another, so nothing else runs in the awaited time but its children.
 * Used by `npm run bench -- step --profile` and the eval workers' time split (`bench eval`).
 */

type AnyMethod = (...args: never[]) => unknown;

export class MethodTimer<P extends string> {
  private readonly totals = new Map<P, number>();
  /** the parts whose methods are running now, innermost last, with the time their children took */
  private readonly stack: { part: P; children: number }[] = [];

  /** `now`: the clock in ms (a test passes its own) */
  constructor(private readonly now: () => number = () => performance.now()) {}

  /**
   * Wraps `obj[name]` (an own property shadowing the prototype's method). A missing object or method
   * is left alone (a pose source without a tracker has no tracking part).
   */
  wrap(obj: object | null | undefined, name: string, part: P): void {
    const target = obj as Record<string, AnyMethod> | null | undefined;
    const fn = target?.[name];
    if (!target || typeof fn !== 'function') return;
    target[name] = ((...args: never[]) => this.time(part, () => fn.apply(target, args))) as AnyMethod;
  }

  /** Runs `fn`, its time (until its promise settles, when it returns one) added to `part`. */
  time<T>(part: P, fn: () => T): T {
    const frame = { part, children: 0 };
    this.stack.push(frame);
    const t0 = this.now();
    const end = () => {
      const ms = this.now() - t0;
      const at = this.stack.lastIndexOf(frame);
      if (at >= 0) this.stack.splice(at, 1);
      this.add(part, ms - frame.children);
      const parent = this.stack.at(-1);
      if (parent) parent.children += ms;
    };
    let out: T;
    try {
      out = fn();
    } catch (e) {
      end();
      throw e;
    }
    if (out instanceof Promise) return out.finally(end) as T;
    end();
    return out;
  }

  /** The time of each part since the last call, and starts afresh. */
  take(parts: readonly P[]): Record<P, number> {
    const out = Object.fromEntries(parts.map((p) => [p, this.totals.get(p) ?? 0])) as Record<P, number>;
    this.totals.clear();
    return out;
  }

  private add(part: P, ms: number): void {
    this.totals.set(part, (this.totals.get(part) ?? 0) + ms);
  }
}
