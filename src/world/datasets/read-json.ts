/**
 * Reads a benchmark's JSON file, gzip-compressed (`.json.gz`, as habitat publishes them) or plain:
 * the file streams through node:zlib and a UTF-8 decoder into one string, so the compressed and the
 * decompressed bytes are never both held whole. Before anything is parsed the text is bounded: a
 * gzip of 408 KB can hold a 200-million-element array, which JSON.parse would turn into gigabytes.
 * The stream stops as soon as the text passes either bound.
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';

export interface JsonLimits {
  /** decompressed characters (the largest published split, RxR-CE's train _gt, is far below) */
  maxChars: number;
  /** values: arrays, objects and the elements and members they hold */
  maxValues: number;
}

export const JSON_LIMITS: JsonLimits = { maxChars: 400 * 1024 * 1024, maxValues: 20_000_000 };

/** Counts values as text streams by: one per `[` or `{`, one per `,` (outside strings). */
class ValueCounter {
  values = 0;
  private inString = false;
  private escaped = false;

  add(text: string): void {
    let n = this.values;
    let inString = this.inString,
      escaped = this.escaped;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x2c || c === 0x5b || c === 0x7b) n++;
    }
    this.values = n;
    this.inString = inString;
    this.escaped = escaped;
  }
}

export async function readJsonFile(path: string, limits: JsonLimits = JSON_LIMITS): Promise<unknown> {
  const decoder = new StringDecoder('utf8');
  const counter = new ValueCounter();
  let text = '';
  // the pipeline reports its own abort; the reason it was stopped is this
  let refusal: Error | null = null;
  const take = (part: string) => {
    counter.add(part);
    text += part;
    if (text.length > limits.maxChars)
      refusal = new Error(`it holds more than ${limits.maxChars} characters of JSON, more than a benchmark file this loader accepts`);
    else if (counter.values > limits.maxValues)
      refusal = new Error(`it holds more than ${limits.maxValues} JSON values (arrays, objects, elements), more than a benchmark file this loader accepts`);
    if (refusal) {
      text = '';
      throw refusal;
    }
  };
  const sink = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) take(decoder.write(chunk));
  };
  try {
    if (/\.gz$/i.test(path)) await pipeline(createReadStream(path), createGunzip(), sink);
    else await pipeline(createReadStream(path), sink);
    take(decoder.end());
  } catch (e) {
    throw new Error(`cannot read '${path}': ${(refusal ?? (e as Error)).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`'${path}' is not valid JSON: ${(e as Error).message}`);
  }
}
