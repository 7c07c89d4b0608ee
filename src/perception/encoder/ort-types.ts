/**
 * The part of onnxruntime's API the view encoder uses, written out so that the package's types do not
 * name onnxruntime-node (an optional dependency: a consumer without it must still compile against
 * navharness/core with skipLibCheck off). onnxruntime-node and onnxruntime-web both have this shape.
 */
export type OrtValueMetadata =
  | { readonly name: string; readonly isTensor: false }
  | { readonly name: string; readonly isTensor: true; readonly type: string; readonly shape: ReadonlyArray<number | string> };

export interface OrtTensor {
  readonly type: string;
  readonly dims: readonly number[];
  readonly data: unknown;
  dispose(): void;
}

export interface OrtSession {
  readonly inputMetadata: readonly OrtValueMetadata[];
  readonly outputMetadata: readonly OrtValueMetadata[];
  run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
  run(feeds: Record<string, OrtTensor>, fetches: readonly string[]): Promise<Record<string, OrtTensor>>;
  release(): Promise<void>;
}

export interface OrtRuntime {
  InferenceSession: { create(model: Uint8Array, options?: { intraOpNumThreads?: number; logSeverityLevel?: 0 | 1 | 2 | 3 | 4 }): Promise<OrtSession> };
  Tensor: new (type: 'uint8', data: Uint8Array, dims: readonly number[]) => OrtTensor;
}
