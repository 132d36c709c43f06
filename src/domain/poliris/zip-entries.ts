import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { Outcome } from '../../platform/outcome.js';
import { success } from '../../platform/outcome.js';
import type { LineIssue } from './contract.js';
import { archiveIssue } from './config-files.js';
import { FILE_REFUSALS, zipRefusal } from './file-refusals.js';
import type { PolirisLimits } from './limits.js';

/**
 * The ZIP side of a passerelle file, over yauzl: open from the buffer, list the central
 * directory (names checked: no absolute path, no `..`), and find the entries the format
 * names, without regard to case.
 *
 * Where `Annonces.csv` may be: at the root or in a folder (an archive made by zipping an
 * export folder holds `export/Annonces.csv`); the shallowest one is read, and two at that
 * depth are refused as ambiguous. `Config.txt` and `Photos.cfg` are taken from its folder, or
 * wherever the archive holds its only one.
 * Photo files anywhere get one warning each (they are not hosted); other entries one
 * warning each (not read); folders and the Finder's `__MACOSX/` and `._` files are passed
 * over in silence. Only the three named entries are ever expanded.
 *
 * Backslashes in names are read as `/` (yauzl's non-strict names): some Windows tools write
 * them, and refusing the whole file for `photos\1.jpg` would help no one; `..` and absolute
 * paths are refused after that reading all the same.
 */

export interface PasserelleEntries {
  zip: ZipFile;
  annonces: Entry;
  config: Entry | null;
  photosCfg: Entry | null;
  warnings: LineIssue[];
}

const PHOTO_EXTENSIONS = /\.(jpe?g|png|gif|webp|bmp|tiff?|heic|heif|avif)$/i;

/** Opens the archive and finds its entries, or says why it is refused whole. */
export async function passerelleEntries(bytes: Buffer, limits: PolirisLimits): Promise<Outcome<PasserelleEntries>> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    return zipRefusal(error, 'open');
  }
  if (zip.entryCount > limits.entries) return FILE_REFUSALS.tooManyEntries(limits);
  const entries: Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.isEncrypted()) return FILE_REFUSALS.encrypted();
      entries.push(entry);
    }
  } catch (error) {
    return zipRefusal(error, 'read');
  }
  return chooseEntries(zip, entries);
}

const isIgnored = (name: string): boolean =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || baseName(name).startsWith('._') || baseName(name).length === 0;
const baseName = (name: string): string => name.slice(name.lastIndexOf('/') + 1);
const folderOf = (name: string): string => name.slice(0, name.lastIndexOf('/') + 1);
const depthOf = (name: string): number => name.split('/').length;

function chooseEntries(zip: ZipFile, entries: Entry[]): Outcome<PasserelleEntries> {
  const files = entries.filter((entry) => !isIgnored(entry.fileName));
  const candidates = files.filter((entry) => baseName(entry.fileName).toLowerCase() === 'annonces.csv');
  if (candidates.length === 0) return FILE_REFUSALS.noAnnonces();
  const shallowest = Math.min(...candidates.map((entry) => depthOf(entry.fileName)));
  const chosen = candidates.filter((entry) => depthOf(entry.fileName) === shallowest);
  if (chosen.length > 1) return FILE_REFUSALS.severalAnnonces(chosen.map((entry) => entry.fileName));
  const annonces = chosen[0]!;
  const folder = folderOf(annonces.fileName).toLowerCase();
  const named = (name: string): Entry | null => {
    const all = files.filter((entry) => baseName(entry.fileName).toLowerCase() === name);
    return all.find((entry) => entry.fileName.toLowerCase() === folder + name) ?? (all.length === 1 ? (all[0] ?? null) : null);
  };
  const config = named('config.txt');
  const photosCfg = named('photos.cfg');
  const warnings: LineIssue[] = [];
  for (const entry of files) {
    if (entry === annonces || entry === config || entry === photosCfg) continue;
    warnings.push(PHOTO_EXTENSIONS.test(entry.fileName) ? photoFileWarning(entry.fileName) : unreadEntryWarning(entry.fileName));
  }
  return success({ zip, annonces, config, photosCfg, warnings });
}

const photoFileWarning = (name: string): LineIssue =>
  archiveIssue(
    'photo_file_not_hosted',
    `La photo « ${name} » jointe à l’archive n’est pas reprise : le service n’héberge pas d’images. ` +
      'Indiquez l’URL de chaque photo dans les champs photo d’Annonces.csv.',
  );

const unreadEntryWarning = (name: string): LineIssue =>
  archiveIssue(
    'entry_not_read',
    `Le fichier « ${name} » de l’archive n’est pas lu : seuls Annonces.csv, Config.txt et Photos.cfg le sont.`,
  );

/** The expanded bytes of an entry, as a stream (yauzl checks them against the declared size as they come). */
export async function* entryBytes(zip: ZipFile, entry: Entry): AsyncGenerator<Buffer> {
  if (!entry.canDecodeFileData()) throw new Error(`unsupported compression method: ${entry.compressionMethod}`);
  const stream = await zip.openReadStreamPromise(entry);
  for await (const chunk of stream) yield chunk as Buffer;
}

/** A small entry read whole, or null when it is declared or found larger than `maxBytes` or cannot be read. */
export async function smallEntry(zip: ZipFile, entry: Entry, maxBytes: number): Promise<Buffer | null> {
  if (entry.uncompressedSize > maxBytes) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of entryBytes(zip, entry)) {
      size += chunk.length;
      if (size > maxBytes) return null;
      chunks.push(chunk);
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks);
}
