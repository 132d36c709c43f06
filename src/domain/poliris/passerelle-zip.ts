import type { Readable } from 'node:stream';

/**
 * A passerelle ZIP streamed as it is made: `Annonces.csv` (each field quoted, `!#` between
 * fields, CRLF, UTF-8), `Config.txt` and `Photos.cfg`. Memory stays flat whatever the count.
 */
export function passerelleZip(lines: AsyncIterable<readonly string[]>): Readable {
  void lines;
  throw new Error('passerelleZip: not written yet');
}
