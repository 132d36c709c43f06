import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { encodeAnnoncesLine } from './annonces-csv.js';

/**
 * Rank 301 (« Version Format ») of a line: `Config.txt` states the same version, taken from the
 * first line so that the two never disagree (the mapping, write-listing.ts, owns the value).
 */
const FORMAT_VERSION_INDEX = 300;
/** What `Config.txt` states when there is no line to take the version from (an empty set). */
const EMPTY_SET_FORMAT_VERSION = '4.09';

/** The sender `Config.txt` names (« nom de votre logiciel / version »): the service's relay. */
export const RELAY_APPLICATION = 'listing-sync / relais';

/**
 * Lines are gathered into chunks of about this many characters before they are compressed: a
 * chunk per line would cost a stream write for each, and bigger chunks only hold more memory.
 */
const CHUNK_CHARS = 64 * 1024;

/** `Config.txt`: `key=value` lines, CRLF, as the format describes them. */
const configTxt = (version: string, application: string) => `Version=${version}\r\nApplication=${application}\r\nDevise=Euro\r\n`;

/**
 * `Photos.cfg`: photos travel as URLs in their ranks, never as files in the archive (the
 * service hosts no image); the receiving portal fetches them from the agency's addresses.
 */
const PHOTOS_CFG = 'Mode=URL\r\n';

/**
 * A passerelle ZIP streamed as it is made: `Annonces.csv` (each field quoted, `!#` between
 * fields, CRLF, UTF-8 without BOM), then `Config.txt` and `Photos.cfg`. Memory stays flat
 * whatever the count: a line is asked of `lines` only when the compressor has room for it
 * (the output is read), and destroying the output (a client gone) ends `lines` at once
 * (its `return()` is called, so a database read behind it stops).
 */
export function passerelleZip(lines: AsyncIterable<readonly string[]>): Readable {
  let version = EMPTY_SET_FORMAT_VERSION;
  const annonces = Readable.from(
    annoncesChunks(lines, (first) => {
      version = first[FORMAT_VERSION_INDEX] || EMPTY_SET_FORMAT_VERSION;
    }),
    { objectMode: false, highWaterMark: CHUNK_CHARS },
  );
  const zip = new ZipFile();
  const mtime = new Date();
  zip.addReadStream(annonces, 'Annonces.csv', { mtime });
  // Made when its turn comes, once every line has gone by: the version is known then.
  zip.addReadStreamLazy('Config.txt', { mtime }, (give) => give(null, Readable.from([Buffer.from(configTxt(version, RELAY_APPLICATION))])));
  zip.addBuffer(Buffer.from(PHOTOS_CFG), 'Photos.cfg', { mtime, compress: false });
  zip.end();
  const output = zip.outputStream as Readable;
  // yazl pipes the entry into its compressor, and pipes forward no error: a failed read must
  // break the archive (a reader then finds no central directory), never end it as if whole.
  annonces.once('error', (error) => output.destroy(error));
  zip.once('error', (error: Error) => output.destroy(error));
  output.once('close', () => annonces.destroy());
  return output;
}

/** `Annonces.csv` as UTF-8 chunks; `onFirst` sees the first line's fields before it is written. */
async function* annoncesChunks(
  lines: AsyncIterable<readonly string[]>,
  onFirst: (fields: readonly string[]) => void,
): AsyncGenerator<Buffer> {
  let pending = '';
  let first = true;
  for await (const fields of lines) {
    if (first) onFirst(fields);
    first = false;
    pending += encodeAnnoncesLine(fields);
    if (pending.length >= CHUNK_CHARS) {
      yield Buffer.from(pending, 'utf8');
      pending = '';
    }
  }
  if (pending) yield Buffer.from(pending, 'utf8');
}
