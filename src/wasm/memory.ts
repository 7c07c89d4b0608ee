/**
 * Zero-copy typed views over a module's linear memory. `memory.grow` (from any allocation inside the
 * module) detaches every existing view, so views are never cached across calls into the module: each
 * accessor checks the current `memory.buffer` and re-creates the view when it changed.
 */
export type TypedArrayCtor =
  | Float32ArrayConstructor
  | Float64ArrayConstructor
  | Int32ArrayConstructor
  | Uint32ArrayConstructor
  | Uint16ArrayConstructor
  | Uint8ArrayConstructor
  | Uint8ClampedArrayConstructor;

export interface Allocator {
  readonly memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  free(ptr: number): void;
}

/** A block of linear memory owned by TypeScript; `view()` is always valid for the current buffer. */
export class WasmBlock<T extends ArrayLike<number>> {
  private cached: T | null = null;
  private freed = false;

  constructor(
    private readonly heap: Allocator,
    readonly ptr: number,
    readonly length: number,
    private readonly ctor: TypedArrayCtor,
  ) {}

  get bytes(): number {
    return this.length * this.ctor.BYTES_PER_ELEMENT;
  }

  view(): T {
    if (this.freed) throw new Error('WasmBlock used after free');
    const buf = this.heap.memory.buffer;
    const c = this.cached as unknown as { buffer: ArrayBufferLike } | null;
    if (c === null || c.buffer !== buf) {
      this.cached = new this.ctor(buf, this.ptr, this.length) as unknown as T;
    }
    return this.cached as T;
  }

  free(): void {
    if (!this.freed) {
      this.heap.free(this.ptr);
      this.freed = true;
      this.cached = null;
    }
  }
}

export function allocBlock<T extends ArrayLike<number>>(heap: Allocator, ctor: TypedArrayCtor, length: number): WasmBlock<T> {
  const bytes = Math.max(16, length * ctor.BYTES_PER_ELEMENT);
  const ptr = heap.alloc(bytes);
  if (ptr === 0) throw new Error(`WebAssembly allocation of ${bytes} bytes failed`);
  return new WasmBlock<T>(heap, ptr, length, ctor);
}

/** Reads an AssemblyScript string (UTF-16, byte length stored just before it) for abort messages. */
export function readAsString(memory: WebAssembly.Memory, ptr: number): string {
  if (!ptr) return '';
  const bytes = new Uint32Array(memory.buffer, ptr - 4, 1)[0];
  return String.fromCharCode(...new Uint16Array(memory.buffer, ptr, bytes >>> 1));
}

export function abortImport(getMemory: () => WebAssembly.Memory) {
  return (msg: number, file: number, line: number, col: number): never => {
    const m = getMemory();
    throw new Error(`WebAssembly abort: ${readAsString(m, msg)} at ${readAsString(m, file)}:${line}:${col}`);
  };
}
