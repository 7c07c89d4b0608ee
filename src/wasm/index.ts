/** The public surface of src/wasm/: what the layers above it use. */
export { instantiate, wasmBytes, type WasmSource } from './load.js';
export { abortImport, type Allocator, allocBlock, type WasmBlock } from './memory.js';
export { Navcore, type NavcoreOptions } from './navcore.js';
