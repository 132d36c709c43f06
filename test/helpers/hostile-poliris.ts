import { crc32 } from 'node:zlib';
import fc from 'fast-check';

/**
 * Generated passerelle bodies for the hostile campaign: `Annonces.csv` lines of any field count
 * with hostile values (broken quotes, NUL bytes, `<BR>`, long titles, French prices and dates),
 * and ZIPs holding them, or entries named `../…`, or truncated. None may get a 5xx.
 */
const fieldValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('"', '!#', '""', '\u0000', '<BR>', 'NC', '1 250 000,50', '31/02/2025', 'x'.repeat(4_000), 'vente', 'Appartement', '4.09'),
);
const line = fc.array(fieldValue, { minLength: 0, maxLength: 340 }).map((fields) => fields.map((value) => `"${value}"`).join('!#'));
export const annoncesText = fc
  .tuple(fc.array(line, { minLength: 0, maxLength: 4 }), fc.constantFrom('\r\n', '\n'))
  .map(([lines, end]) => lines.join(end) + end);

/** A ZIP of stored (uncompressed) entries, made synchronously so that it can be an arbitrary's value. */
export function storedZip(entries: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const entryName = fc.constantFrom('Annonces.csv', 'ANNONCES.CSV', '../Annonces.csv', '/etc/Annonces.csv', 'photos/1.jpg', 'Config.txt');
export const passerelleArchive = fc
  .tuple(fc.array(fc.tuple(entryName, annoncesText), { minLength: 0, maxLength: 3 }), fc.nat({ max: 100 }))
  .map(([entries, cut]) => {
    const zip = storedZip(entries.map(([name, text]) => ({ name, data: Buffer.from(text) })));
    // Now and then cut short: a ZIP whose end is missing.
    return cut < 10 ? zip.subarray(0, Math.floor((zip.length * cut) / 10)) : zip;
  });

/** The bodies of an operation that takes passerelle files. */
export const passerelleBodies = fc.oneof(
  annoncesText.map((payload) => ({ payload: payload as string | Buffer, type: 'text/csv' })),
  passerelleArchive.map((payload) => ({ payload: payload as string | Buffer, type: 'application/zip' })),
  passerelleArchive.map((payload) => ({ payload: payload as string | Buffer, type: 'application/octet-stream' })),
);
