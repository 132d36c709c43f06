import { randomBytes } from 'node:crypto';

/**
 * Random bytes from the CSPRNG, drawn 4 KiB at a time. Each call into it costs about as much
 * whatever its size (a visible share of a small request's CPU when every request drew its id:
 * docs/benchmarks.md, "Figures behind the code"), while pushes and requests want a few
 * bytes often: ids of rows (ids.ts), request ids. The bytes returned are a view of the pool:
 * use them at once (turn them into a string), never keep or change them.
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_SIZE) return randomBytes(size);
  if (offset + size > pool.length) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + size);
  offset += size;
  return bytes;
}
