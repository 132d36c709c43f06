import type { Readable } from 'node:stream';
import { fromBufferPromise } from 'yauzl';

/** A whole stream's bytes. */
export async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The entries of a ZIP, by name in archive order, read with yauzl as a portal would (CRC and
 * sizes checked): a test reads what was written without the service's own reader.
 */
export async function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, await bytesOf(await zip.openReadStreamPromise(entry)));
  return entries;
}
