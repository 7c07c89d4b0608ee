/**
 * Builds ONNX models (ModelProto bytes) from TypeScript: nodes, constant initialisers, typed graph
 * inputs and outputs. Field numbers follow onnx.proto (IR version 8, default-domain opset 18 unless
 * told otherwise). Names are generated in order, so the same construction always gives the same bytes.
 */
import { float32LittleEndian, int64LittleEndian, ProtoWriter } from './protobuf.js';

/** TensorProto.DataType values used here. */
export const DataType = { FLOAT: 1, UINT8: 2, INT64: 7 } as const;
export type DataTypeCode = (typeof DataType)[keyof typeof DataType];

/** A dimension: a fixed size, or a symbolic name (batch). */
export type Dim = number | string;

export type AttrValue = number | string | readonly number[] | { float: number } | { floats: readonly number[] };

// AttributeProto.AttributeType
const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_STRING = 3;
const ATTR_FLOATS = 6;
const ATTR_INTS = 7;

interface NodeSpec {
  op: string;
  inputs: string[];
  outputs: string[];
  name: string;
  attrs: [string, AttrValue][];
}

interface TensorSpec {
  name: string;
  dims: number[];
  type: DataTypeCode;
  raw: Uint8Array;
}

interface ValueSpec {
  name: string;
  type: DataTypeCode;
  shape: Dim[];
}

export interface ModelMeta {
  producer: string;
  version: string;
  doc: string;
  /** free-form key/value pairs stored in metadata_props (read back by onnxruntime) */
  props?: Record<string, string>;
}

export class GraphBuilder {
  private nodes: NodeSpec[] = [];
  private inits: TensorSpec[] = [];
  private inputs: ValueSpec[] = [];
  private outputs: ValueSpec[] = [];
  private counter = 0;

  constructor(
    readonly name: string,
    readonly opset = 18,
  ) {}

  private fresh(prefix: string): string {
    return `${prefix}_${this.counter++}`;
  }

  input(name: string, type: DataTypeCode, shape: Dim[]): string {
    this.inputs.push({ name, type, shape });
    return name;
  }

  output(name: string, type: DataTypeCode, shape: Dim[]): void {
    this.outputs.push({ name, type, shape });
  }

  /** Float32 constant tensor. */
  floats(dims: number[], values: ArrayLike<number>, hint = 'c'): string {
    const n = dims.reduce((a, b) => a * b, 1);
    if (n !== values.length) throw new Error(`constant '${hint}': dims ${dims.join('×')} hold ${n} values, got ${values.length}`);
    const name = this.fresh(hint);
    this.inits.push({ name, dims, type: DataType.FLOAT, raw: float32LittleEndian(values) });
    return name;
  }

  /** Int64 constant tensor (shapes, axes, indices). */
  ints(dims: number[], values: readonly number[], hint = 'i'): string {
    const name = this.fresh(hint);
    this.inits.push({ name, dims, type: DataType.INT64, raw: int64LittleEndian(values) });
    return name;
  }

  /** Adds one node and returns its single output's name (or `outputs` names when given). */
  node(op: string, inputs: string[], attrs: Record<string, AttrValue> = {}, outName?: string): string {
    const out = outName ?? this.fresh(op.toLowerCase());
    this.nodes.push({ op, inputs, outputs: [out], name: this.fresh(`n_${op}`), attrs: Object.entries(attrs) });
    return out;
  }

  toBytes(meta: ModelMeta): Uint8Array {
    const m = new ProtoWriter();
    m.varint(1, 8); // ir_version
    m.string(2, meta.producer);
    m.string(3, meta.version);
    m.varint(5, 1); // model_version
    m.string(6, meta.doc);
    m.message(7, (g) => this.writeGraph(g));
    m.message(8, (o) => {
      o.string(1, '');
      o.varint(2, this.opset);
    });
    for (const [k, v] of Object.entries(meta.props ?? {})) {
      m.message(14, (p) => {
        p.string(1, k);
        p.string(2, v);
      });
    }
    return m.finish();
  }

  private writeGraph(g: ProtoWriter): void {
    for (const n of this.nodes) g.message(1, (w) => writeNode(w, n));
    g.string(2, this.name);
    for (const t of this.inits) g.message(5, (w) => writeTensor(w, t));
    for (const v of this.inputs) g.message(11, (w) => writeValueInfo(w, v));
    for (const v of this.outputs) g.message(12, (w) => writeValueInfo(w, v));
  }
}

function writeNode(w: ProtoWriter, n: NodeSpec): void {
  for (const i of n.inputs) w.string(1, i);
  for (const o of n.outputs) w.string(2, o);
  w.string(3, n.name);
  w.string(4, n.op);
  for (const [name, v] of n.attrs) w.message(5, (a) => writeAttr(a, name, v));
}

function writeAttr(a: ProtoWriter, name: string, v: AttrValue): void {
  a.string(1, name);
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw new Error(`attribute '${name}': integer expected (wrap floats as { float })`);
    a.varint(3, v);
    a.varint(20, ATTR_INT);
  } else if (typeof v === 'string') {
    a.string(4, v);
    a.varint(20, ATTR_STRING);
  } else if ('float' in v) {
    a.float(2, v.float);
    a.varint(20, ATTR_FLOAT);
  } else if ('floats' in v) {
    a.packedFloats(7, v.floats);
    a.varint(20, ATTR_FLOATS);
  } else {
    a.packedVarints(8, v as readonly number[]);
    a.varint(20, ATTR_INTS);
  }
}

function writeTensor(w: ProtoWriter, t: TensorSpec): void {
  w.packedVarints(1, t.dims);
  w.varint(2, t.type);
  w.string(8, t.name);
  w.bytes(9, t.raw);
}

function writeValueInfo(w: ProtoWriter, v: ValueSpec): void {
  w.string(1, v.name);
  w.message(2, (type) =>
    type.message(1, (tensor) => {
      tensor.varint(1, v.type);
      tensor.message(2, (shape) => {
        for (const d of v.shape) shape.message(1, (dim) => (typeof d === 'number' ? dim.varint(1, d) : dim.string(2, d)));
      });
    }),
  );
}
