import type { LineIssue } from './contract.js';

/**
 * The two small files beside `Annonces.csv`. `Config.txt` holds `key=value` lines
 * (`Version=4.09`, `Application=…`, `Devise=Euro`, the custom fields' descriptions);
 * `Photos.cfg` holds one, `Mode=URL|FULL|DIFF`, saying how photos travel. Neither changes
 * how lines are read: the config is handed on as read, and a photo mode other than URL
 * gets a warning, since photo files are not hosted (docs/poliris.md).
 */

/** `key=value` lines: keys and values trimmed, blank lines, comments (`#`, `;`) and lines with no `=` skipped, the last value of a key kept. */
export function parseKeyValues(text: string): Readonly<Record<string, string>> {
  const values: Record<string, string> = Object.create(null);
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/^\uFEFF/, '').trim();
    const equals = line.indexOf('=');
    if (equals <= 0 || line.startsWith('#') || line.startsWith(';')) continue;
    const key = line.slice(0, equals).trim();
    if (key.length > 0) values[key] = line.slice(equals + 1).trim();
  }
  return Object.freeze(values);
}

/** The value of a key whatever its case (`mode`, `Mode`, `MODE`). */
export function valueOf(values: Readonly<Record<string, string>>, key: string): string | null {
  const wanted = key.toLowerCase();
  for (const [name, value] of Object.entries(values)) if (name.toLowerCase() === wanted) return value;
  return null;
}

/** What `Photos.cfg` calls for that the service does not do: photo files sent inside the archive. */
export function photosCfgWarnings(values: Readonly<Record<string, string>>): LineIssue[] {
  const mode = valueOf(values, 'Mode');
  if (mode === null || mode.toUpperCase() === 'URL') return [];
  return [
    archiveIssue(
      'photos_not_by_url',
      `Photos.cfg indique « Mode=${mode} » : les photos jointes à l’archive ne sont pas reprises, le service n’héberge pas ` +
        'd’images. Indiquez l’URL de chaque photo dans les champs photo d’Annonces.csv (Mode=URL).',
    ),
  ];
}

/** A warning about the archive as a whole or one of its entries (no line, no rank). */
export const archiveIssue = (code: string, message: string): LineIssue => ({
  line: null,
  reference: null,
  rank: null,
  field: null,
  code,
  message,
});
