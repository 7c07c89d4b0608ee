/**
 * Reads a benchmark's JSON file, gzip-compressed (`.json.gz`, as habitat publishes them) or plain:
 * the file streams through node:zlib and a UTF-8 decoder into one string, so the compressed and the
 * decompressed bytes are never both held whole.
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';

export async function readJsonFile(path: string): Promise<unknown> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  const sink = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) text += decoder.write(chunk);
  };
  try {
    if (/\.gz$/i.test(path)) await pipeline(createReadStream(path), createGunzip(), sink);
    else await pipeline(createReadStream(path), sink);
  } catch (e) {
    throw new Error(`cannot read '${path}': ${(e as Error).message}`);
  }
  text += decoder.end();
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`'${path}' is not valid JSON: ${(e as Error).message}`);
  }
}
