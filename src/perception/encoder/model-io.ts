/**
 * Checks a loaded model's declared inputs and outputs against what the encoder can feed: one NCHW
 * float image input with 3 channels, and a float output holding one embedding per batch item.
 */
import type { OrtValueMetadata } from './ort-types.js';

export interface ModelIo {
  inputName: string;
  outputName: string;
  width: number;
  height: number;
  /** the model accepts a batch dimension other than 1 */
  batched: boolean;
  /** embedding length when the output shape declares it */
  dimension: number | null;
}

type Meta = readonly OrtValueMetadata[];

const showShape = (s: ReadonlyArray<number | string>) => `[${s.map((d) => (typeof d === 'number' ? d : `'${d}'`)).join(', ')}]`;

export function resolveModelIo(
  source: string,
  inputs: Meta,
  outputs: Meta,
  want: { inputName?: string; outputName?: string; inputSize?: { width: number; height: number } },
): ModelIo {
  const fail = (msg: string): never => {
    throw new Error(`view encoder model ${source}: ${msg}`);
  };
  const names = (m: Meta) => m.map((x) => `'${x.name}'`).join(', ');
  let input: OrtValueMetadata | undefined;
  if (want.inputName !== undefined)
    input = inputs.find((i) => i.name === want.inputName) ?? fail(`has no input '${want.inputName}' (inputs: ${names(inputs)})`);
  else if (inputs.length === 1) input = inputs[0];
  else fail(`has ${inputs.length} inputs (${names(inputs)}); say which takes the image with inputName`);
  const inp = input!;
  if (!inp.isTensor) return fail(`input '${inp.name}' is not a tensor`);
  if (inp.type !== 'float32') fail(`input '${inp.name}' is ${inp.type}; the encoder feeds float32 NCHW images`);
  const shape = inp.shape;
  if (shape.length !== 4) fail(`input '${inp.name}' has shape ${showShape(shape)}; an NCHW image input [N, 3, H, W] is required`);
  if (typeof shape[1] === 'number' && shape[1] !== 3)
    fail(`input '${inp.name}' has ${shape[1]} channels (shape ${showShape(shape)}); an RGB input [N, 3, H, W] is required (NHWC models are not supported)`);
  if (typeof shape[0] === 'number' && shape[0] > 1)
    fail(`input '${inp.name}' has a fixed batch of ${shape[0]} (shape ${showShape(shape)}); the encoder feeds a batch of 1 or a free batch dimension`);
  const [dh, dw] = [shape[2], shape[3]];
  let width: number, height: number;
  if (typeof dh === 'number' && typeof dw === 'number' && dh > 0 && dw > 0) {
    if (want.inputSize && (want.inputSize.width !== dw || want.inputSize.height !== dh))
      fail(`input '${inp.name}' is fixed at ${dw}×${dh} but inputSize asks for ${want.inputSize.width}×${want.inputSize.height}; drop inputSize or match it`);
    width = dw;
    height = dh;
  } else if (want.inputSize) {
    width = want.inputSize.width;
    height = want.inputSize.height;
  } else {
    return fail(`input '${inp.name}' has symbolic size ${showShape(shape)}; give inputSize { width, height }`);
  }

  let output: OrtValueMetadata | undefined;
  if (want.outputName !== undefined)
    output = outputs.find((o) => o.name === want.outputName) ?? fail(`has no output '${want.outputName}' (outputs: ${names(outputs)})`);
  else output = outputs[0] ?? fail('declares no outputs');
  const out = output!;
  if (!out.isTensor || out.type !== 'float32') fail(`output '${out.name}' is not a float32 tensor; name the embedding output with outputName`);
  const oshape = out.isTensor ? out.shape : [];
  const rest = oshape.slice(1);
  const dimension = rest.length > 0 && rest.every((d): d is number => typeof d === 'number') ? rest.reduce((a, b) => a * b, 1) : null;
  return { inputName: inp.name, outputName: out.name, width, height, batched: typeof shape[0] !== 'number' || shape[0] < 0, dimension };
}
