import { refuse, type Refusal } from '../../platform/outcome.js';
import { sizeLabel, type PolirisLimits } from './limits.js';

/**
 * Why a passerelle file is refused whole, in French for the agency: `validation_error` for a
 * file that is no passerelle, `payload_too_large` past the size limits. Every refusal names
 * the field `file`, the one thing the caller sent.
 */

const refuseFile = (code: 'validation_error' | 'payload_too_large', message: string): Refusal =>
  refuse(code, message, [{ field: 'file', message }]);

/**
 * Thrown while the lines of an opened file are read, when the file turns out to be refused
 * whole after all (a ZIP entry that expands past its declared or allowed size, or that is
 * damaged): the importer catches it, turns `refusal` into its answer and writes nothing.
 */
export class PolirisFileError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.detail);
    this.name = 'PolirisFileError';
  }
}

export const FILE_REFUSALS = {
  empty: () => refuseFile('validation_error', 'Le fichier envoyé est vide.'),
  notZip: () =>
    refuseFile(
      'validation_error',
      'Le fichier n’est pas une archive ZIP lisible : la passerelle attend un ZIP contenant Annonces.csv, ou Annonces.csv seul.',
    ),
  split: () =>
    refuseFile('validation_error', 'L’archive est découpée en plusieurs volumes (ZIP multi-disques) : envoyez-la en un seul fichier ZIP.'),
  encrypted: () =>
    refuseFile(
      'validation_error',
      'L’archive contient des fichiers chiffrés (protégés par un mot de passe) : envoyez-la sans mot de passe.',
    ),
  unsafeName: (name: string) =>
    refuseFile(
      'validation_error',
      `L’archive contient une entrée au chemin interdit (« ${name} ») : les chemins absolus et ceux qui remontent avec « .. » sont refusés.`,
    ),
  damaged: () =>
    refuseFile(
      'validation_error',
      'L’archive ZIP est endommagée : son contenu ne correspond pas à ce qu’elle annonce. Renvoyez le fichier.',
    ),
  unsupportedCompression: (method: number) =>
    refuseFile(
      'validation_error',
      `Annonces.csv est compressé par une méthode non prise en charge (${method}) : utilisez la compression ZIP standard (Deflate).`,
    ),
  noAnnonces: () => refuseFile('validation_error', 'L’archive ne contient pas de fichier Annonces.csv.'),
  severalAnnonces: (names: string[]) =>
    refuseFile('validation_error', `L’archive contient plusieurs fichiers Annonces.csv (${names.join(', ')}) : un seul est attendu.`),
  noListing: () =>
    refuseFile(
      'validation_error',
      'Annonces.csv ne contient aucune ligne d’annonce : le fichier est refusé et aucune annonce n’est retirée.',
    ),
  compressedTooLarge: (limits: PolirisLimits) =>
    refuseFile(
      'payload_too_large',
      `L’archive dépasse ${sizeLabel(limits.compressedBytes)} : envoyez les photos par URL plutôt que dans l’archive.`,
    ),
  annoncesTooLarge: (limits: PolirisLimits) =>
    refuseFile('payload_too_large', `Annonces.csv dépasse ${sizeLabel(limits.annoncesBytes)} une fois décompressé.`),
  tooManyEntries: (limits: PolirisLimits) =>
    refuseFile('payload_too_large', `L’archive contient plus de ${limits.entries.toLocaleString('fr-FR')} fichiers.`),
  tooManyLines: (limits: PolirisLimits) =>
    refuseFile('payload_too_large', `Annonces.csv contient plus de ${limits.lines.toLocaleString('fr-FR')} lignes.`),
} as const;

/**
 * A refusal for what the ZIP library reported, by its message (the library has no error codes):
 * on opening, anything it cannot read is no ZIP; later, the archive is damaged.
 */
export function zipRefusal(error: unknown, stage: 'open' | 'read'): Refusal {
  if (error instanceof PolirisFileError) return error.refusal;
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes('multi-disk')) return FILE_REFUSALS.split();
  if (message.includes('encryption')) return FILE_REFUSALS.encrypted();
  const path = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/s.exec(message);
  if (path) return FILE_REFUSALS.unsafeName(path[1] ?? '');
  return stage === 'open' ? FILE_REFUSALS.notZip() : FILE_REFUSALS.damaged();
}
