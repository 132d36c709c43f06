import yazl from 'yazl';

/**
 * Passerelle files made here for the tests of the ways in (upload, client, CLI, pro page): a
 * few listing lines of 334 fields, quoted and joined by `!#`, CRLF, as agency software writes
 * them. Only the ranks the import needs are filled; the mapping's own tests cover the rest.
 */
export interface LineSpec {
  id: string;
  reference?: string;
  price?: number;
  /** Rank 4: a type the mapping refuses makes a bad line. */
  propertyType?: string;
}

const FIELDS = 334;

export function annoncesLine({ id, reference = `REF-${id}`, price = 250_000, propertyType = 'Appartement' }: LineSpec): string {
  const fields = new Array<string>(FIELDS).fill('');
  const set = (rank: number, value: string) => (fields[rank - 1] = value);
  set(1, 'AG-TEST');
  set(2, reference);
  set(3, 'vente');
  set(4, propertyType);
  set(5, '69003');
  set(6, 'Lyon');
  set(7, 'France');
  set(11, String(price));
  set(16, '68');
  set(18, '3');
  set(19, '2');
  set(20, `Appartement 3 pièces ${id}`);
  set(21, 'Bel appartement lumineux, proche des commerces.<BR>Cave et balcon.');
  set(175, id);
  set(301, '4.09');
  return `${fields.map((value) => `"${value}"`).join('!#')}\r\n`;
}

export const annoncesCsv = (lines: readonly LineSpec[]) => Buffer.from(lines.map(annoncesLine).join(''), 'utf8');

/** The passerelle ZIP of those lines, with its Config.txt. */
export async function passerelleZipOf(lines: readonly LineSpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(annoncesCsv(lines), 'Annonces.csv');
  zip.addBuffer(Buffer.from('Version=4.09\r\nApplication=Test\r\n'), 'Config.txt');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const specs = (count: number, prefix: string, extra: Partial<LineSpec> = {}): LineSpec[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}-${i}`, ...extra }));
