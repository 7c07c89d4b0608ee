/**
 * Loads a compiled module from `build/` in Node (read from disk) or in a browser (fetched next to the
 * page's bundle). Every module is instantiated the same way, with plain imports and no generated glue,
 * so that the caller owns linear memory and can keep zero-copy typed views over it.
 */
export type WasmName = 'navcore' | 'navcore-mt' | 'render' | 'tracker';

export const isNode = typeof process !== 'undefined' && process.versions?.node !== undefined;

/**
 * A Node built-in loaded at run time. The specifier is held in a variable so that browser bundlers do
 * not shim a module the page never loads.
 */
export async function nodeBuiltin<T>(specifier: 'node:fs/promises' | 'node:os' | 'node:worker_threads'): Promise<T> {
  return (await import(/* @vite-ignore */ specifier)) as T;
}

/** Where a module's bytes live: `build/NAME.wasm`, relative to this file in both Node and Vite. */
export function wasmUrl(name: WasmName): URL {
  return new URL(`../../build/${name}.wasm`, import.meta.url);
}

/**
 * Where a module comes from when it is not build/NAME.wasm beside this file: its bytes (what a
 * bundler's asset import or a file read gives), or a URL to fetch (in Node, a file: URL is read).
 * A relative URL resolves against the page.
 */
export interface WasmSource {
  bytes?: ArrayBuffer | Uint8Array;
  url?: string | URL;
}

function sourceUrl(name: WasmName, url: string | URL | undefined): URL {
  if (url === undefined) return wasmUrl(name);
  try {
    return new URL(url, typeof location === 'undefined' ? undefined : location.href);
  } catch {
    throw new Error(`${name}.wasm: url '${String(url)}' is not a URL (give an absolute URL, or a relative one in a page)`);
  }
}

export async function wasmBytes(name: WasmName, source: WasmSource = {}): Promise<ArrayBuffer | Uint8Array> {
  if (source.bytes !== undefined) {
    if (!(source.bytes instanceof ArrayBuffer || source.bytes instanceof Uint8Array))
      throw new Error(`${name}.wasm: bytes must be an ArrayBuffer or a Uint8Array`);
    return source.bytes;
  }
  const url = sourceUrl(name, source.url);
  if (isNode && url.protocol === 'file:') {
    const { readFile } = await nodeBuiltin<typeof import('node:fs/promises')>('node:fs/promises');
    try {
      return await readFile(url);
    } catch (err) {
      throw new Error(`cannot read ${url.pathname}: ${(err as Error).message}. Run 'npm run build' to compile the WebAssembly modules.`);
    }
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`cannot fetch ${url.href}: HTTP ${res.status}`);
  return res.arrayBuffer();
}

export async function instantiate(name: WasmName, imports: WebAssembly.Imports, source: WasmSource = {}): Promise<WebAssembly.Instance> {
  const bytes = await wasmBytes(name, source);
  const { instance } = await WebAssembly.instantiate(bytes as BufferSource, imports);
  return instance;
}

/** Compiles a module (for callers that instantiate it more than once, e.g. on another thread). */
export async function compile(name: WasmName, source: WasmSource = {}): Promise<WebAssembly.Module> {
  return WebAssembly.compile((await wasmBytes(name, source)) as BufferSource);
}
