import type { Outcome } from '../../platform/outcome.js';
import { success } from '../../platform/outcome.js';
import type { LineIssue, PolirisFile, RawLine, UnreadableLine } from './contract.js';
import { annoncesLines } from './annonces-csv.js';
import { archiveIssue, parseKeyValues, photosCfgWarnings } from './config-files.js';
import { decodeChunks, decodeSmallText, startsWithBom, Utf8Watch, type TextEncoding } from './encoding.js';
import { FILE_REFUSALS, PolirisFileError, zipRefusal } from './file-refusals.js';
import { POLIRIS_LIMITS, sizeLabel, type PolirisLimits } from './limits.js';
import { entryBytes, passerelleEntries, smallEntry } from './zip-entries.js';

export { PolirisFileError } from './file-refusals.js';

/** What an agency sent: the passerelle ZIP, or `Annonces.csv` alone. */
export interface PolirisUpload {
  kind: 'zip' | 'csv';
  bytes: Buffer;
}

/**
 * Opens a passerelle file: finds `Annonces.csv` (any case), reads `Config.txt` and `Photos.cfg`,
 * decides the encoding. A file that cannot be a passerelle (not a ZIP, no `Annonces.csv`,
 * encrypted or split, an entry outside the archive, over the size limits, empty) is refused
 * whole with a French detail (`validation_error`, or `payload_too_large` over the limits).
 *
 * Opening reads `Annonces.csv` through once, without keeping it: to decide the encoding, and
 * so that what can only be seen by expanding it (an expanded size past the limit or past what
 * its header declared, a damaged archive, too many lines, no listing line) refuses the file
 * here, before anything is written. `lines()` reads it again, through the same guard: should
 * the second reading still fail, the iteration throws a `PolirisFileError` carrying the
 * refusal, which the importer turns into its answer.
 */
export async function openPolirisFile(upload: PolirisUpload, limits: PolirisLimits = POLIRIS_LIMITS): Promise<Outcome<PolirisFile>> {
  if (upload.bytes.length === 0) return FILE_REFUSALS.empty();
  if (upload.kind === 'csv') {
    if (upload.bytes.length > limits.annoncesBytes) return FILE_REFUSALS.annoncesTooLarge(limits);
    return openAnnonces(() => bufferChunks(upload.bytes), { config: {}, warnings: [] }, limits);
  }
  if (upload.bytes.length > limits.compressedBytes) return FILE_REFUSALS.compressedTooLarge(limits);
  const found = await passerelleEntries(upload.bytes, limits);
  if (!found.ok) return found;
  const { zip, annonces, config, photosCfg, warnings } = found.value;
  if (annonces.uncompressedSize > limits.annoncesBytes) return FILE_REFUSALS.annoncesTooLarge(limits);
  if (!annonces.canDecodeFileData()) return FILE_REFUSALS.unsupportedCompression(annonces.compressionMethod);
  const configText = config && (await smallEntry(zip, config, limits.smallEntryBytes));
  const photosText = photosCfg && (await smallEntry(zip, photosCfg, limits.smallEntryBytes));
  const photosValues = photosText ? parseKeyValues(decodeSmallText(photosText)) : {};
  const archiveWarnings = [
    ...warnings,
    ...(config && !configText ? [smallEntryIgnored(config.fileName, limits)] : []),
    ...(photosCfg && !photosText ? [smallEntryIgnored(photosCfg.fileName, limits)] : []),
    ...photosCfgWarnings(photosValues),
  ];
  const configValues = configText ? parseKeyValues(decodeSmallText(configText)) : {};
  return openAnnonces(() => entryBytes(zip, annonces), { config: configValues, warnings: archiveWarnings }, limits);
}

type ByteSource = () => AsyncIterable<Buffer>;

async function openAnnonces(
  source: ByteSource,
  archive: Pick<PolirisFile, 'config' | 'warnings'>,
  limits: PolirisLimits,
): Promise<Outcome<PolirisFile>> {
  const surveyed = await surveyAnnonces(source, limits);
  if (!surveyed.ok) return surveyed;
  const { encoding, bytes } = surveyed.value;
  return success({
    encoding,
    bytes,
    config: archive.config,
    warnings: archive.warnings,
    lines: (): AsyncIterable<RawLine | UnreadableLine> =>
      annoncesLines(decodeChunks(guardedBytes(source(), limits), encoding), { maxLineChars: limits.lineChars }),
  });
}

/** One pass over the bytes: their encoding, or why the file is refused (sizes, damage, no listing line). */
async function surveyAnnonces(source: ByteSource, limits: PolirisLimits): Promise<Outcome<{ encoding: TextEncoding; bytes: number }>> {
  const utf8 = new Utf8Watch();
  let first = true;
  let listing = false;
  let bytes = 0;
  try {
    for await (const chunk of guardedBytes(source(), limits)) {
      bytes += chunk.length;
      utf8.push(chunk);
      if (!listing) listing = hasText(first && startsWithBom(chunk) ? chunk.subarray(3) : chunk);
      first = false;
    }
  } catch (error) {
    if (error instanceof PolirisFileError) return error.refusal;
    throw error;
  }
  return listing ? success({ encoding: utf8.end(), bytes }) : FILE_REFUSALS.noListing();
}

/** Whether the bytes hold anything but spaces, tabs and line breaks. */
function hasText(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return true;
  return false;
}

/**
 * The bytes of `Annonces.csv` counted as they come: past the expanded-size or line limit, or
 * on any error of the ZIP reader (an entry longer or shorter than declared, bad compressed
 * data), the iteration throws a `PolirisFileError`. yauzl already stops an entry at its
 * declared size; this count holds the limit whatever the header says.
 */
export async function* guardedBytes(source: AsyncIterable<Buffer>, limits: PolirisLimits): AsyncGenerator<Buffer> {
  let bytes = 0;
  let lineBreaks = 0;
  try {
    for await (const chunk of source) {
      bytes += chunk.length;
      if (bytes > limits.annoncesBytes) throw new PolirisFileError(FILE_REFUSALS.annoncesTooLarge(limits));
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lineBreaks++;
      if (lineBreaks > limits.lines) throw new PolirisFileError(FILE_REFUSALS.tooManyLines(limits));
      yield chunk;
    }
  } catch (error) {
    throw error instanceof PolirisFileError ? error : new PolirisFileError(zipRefusal(error, 'read'));
  }
}

const CHUNK_BYTES = 64 * 1024;

/** A buffer already in memory, in views of 64 KiB (no copy), as a stream would give it. */
async function* bufferChunks(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) yield bytes.subarray(start, start + CHUNK_BYTES);
}

const smallEntryIgnored = (name: string, limits: PolirisLimits): LineIssue =>
  archiveIssue('entry_not_read', `Le fichier « ${name} » n’est pas lu : il dépasse ${sizeLabel(limits.smallEntryBytes)} ou est illisible.`);
