import { importPoliris, POLIRIS_UPLOAD_LIMIT } from './import.js';
import type { PolirisUpload } from './archive.js';

/**
 * What the two ways in without an upload form (the scheduled pull, the SFTP drop) share: the
 * importer they hand a file to, and the most bytes they take in before it (the importer checks
 * the expanded size).
 */

/** The importer's signature: `importPoliris`, or a stand-in in tests. */
export type Importer = typeof importPoliris;

export const defaultImporter: Importer = (...args) => importPoliris(...args);

export const DELIVERED_FILE_MAX_BYTES = POLIRIS_UPLOAD_LIMIT;

/** A file as the importer takes it: `Annonces.csv` alone by its name, else the passerelle ZIP. */
export const deliveredUpload = (fileName: string, bytes: Buffer): PolirisUpload => ({
  kind: /\.csv$/i.test(fileName) ? 'csv' : 'zip',
  bytes,
});
