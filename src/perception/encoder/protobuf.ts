/**
 * A minimal protocol-buffers wire-format writer: just what serialising ONNX messages needs (varints,
 * 32-bit floats, length-delimited bytes, strings and nested messages). Output is deterministic: fields
 * are written in the order the caller writes them and floats always little-endian.
 */

const WIRE_VARINT = 0;
const WIRE_FIXED32 = 5;
const WIRE_BYTES = 2;

const utf8 = new TextEncoder();

export class ProtoWriter {
  private buf = new Uint8Array(256);
  private len = 0;

  get length(): number {
    return this.len;
  }

  private reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.len + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  private rawVarint(value: bigint): void {
    // int64 fields carry negative numbers as their 64-bit two's complement (ten bytes on the wire)
    let v = BigInt.asUintN(64, value);
    this.reserve(10);
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v !== 0n) byte |= 0x80;
      this.buf[this.len++] = byte;
    } while (v !== 0n);
  }

  private tag(field: number, wire: number): void {
    this.rawVarint(BigInt((field << 3) | wire));
  }

  /** int32 / int64 / enum / bool field. */
  varint(field: number, value: number | bigint): void {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new Error(`protobuf: field ${field} needs an integer, got ${value}`);
    this.tag(field, WIRE_VARINT);
    this.rawVarint(BigInt(value));
  }

  float(field: number, value: number): void {
    this.tag(field, WIRE_FIXED32);
    this.reserve(4);
    new DataView(this.buf.buffer, this.buf.byteOffset + this.len, 4).setFloat32(0, value, true);
    this.len += 4;
  }

  bytes(field: number, data: Uint8Array): void {
    this.tag(field, WIRE_BYTES);
    this.rawVarint(BigInt(data.length));
    this.reserve(data.length);
    this.buf.set(data, this.len);
    this.len += data.length;
  }

  string(field: number, s: string): void {
    this.bytes(field, utf8.encode(s));
  }

  /** Nested message written by `fill` into its own writer, then embedded length-delimited. */
  message(field: number, fill: (w: ProtoWriter) => void): void {
    const inner = new ProtoWriter();
    fill(inner);
    this.bytes(field, inner.finish());
  }

  /** Packed repeated int64. */
  packedVarints(field: number, values: readonly (number | bigint)[]): void {
    const inner = new ProtoWriter();
    for (const v of values) inner.rawVarint(BigInt(v));
    this.bytes(field, inner.finish());
  }

  /** Packed repeated float. */
  packedFloats(field: number, values: ArrayLike<number>): void {
    this.bytes(field, float32LittleEndian(values));
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

/** Float32 values as little-endian bytes whatever the host's byte order. */
export function float32LittleEndian(values: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const dv = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) dv.setFloat32(i * 4, values[i], true);
  return out;
}

/** Int64 values as little-endian bytes. */
export function int64LittleEndian(values: readonly (number | bigint)[]): Uint8Array {
  const out = new Uint8Array(values.length * 8);
  const dv = new DataView(out.buffer);
  values.forEach((v, i) => dv.setBigInt64(i * 8, BigInt(v), true));
  return out;
}
