import type { Outcome } from '../../platform/outcome.js';
import type { PolirisFile } from './contract.js';

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
 */
export async function openPolirisFile(upload: PolirisUpload): Promise<Outcome<PolirisFile>> {
  void upload;
  throw new Error('openPolirisFile: not written yet');
}
