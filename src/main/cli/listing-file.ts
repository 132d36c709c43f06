import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { JSONParser } from '@streamparser/json';
import { whereJsonBreaks } from '../../platform/validation/json-syntax.js';

/**
 * A file of listings as a CRM exports it: a JSON array, or NDJSON (one listing per line).
 * Read as a stream, so a 100,000-listing file never sits in memory whole.
 */
export type FileEntry =
  /** `line`: the NDJSON line (from 1), or null in a JSON array. */
  { kind: 'listing'; listing: unknown; line: number | null } | { kind: 'malformed'; line: number; reason: string; text: string };

/** The file cannot be read as listings at all: nothing should be sent. */
export class ListingFileError extends Error {}

const MALFORMED_TEXT_KEPT = 1000;

export interface ListingFile {
  format: 'json' | 'ndjson';
  /** Bytes of the file. */
  size: number;
  /** Bytes read so far. */
  readonly bytesRead: number;
  entries(): AsyncGenerator<FileEntry>;
}

/** Opens a listing file, telling a JSON array from NDJSON by its first character. */
export async function openListingFile(path: string): Promise<ListingFile> {
  let size: number;
  let first: string;
  try {
    size = (await stat(path)).size;
    const handle = await open(path);
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
      first = buffer
        .subarray(0, bytesRead)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimStart()
        .charAt(0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new ListingFileError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (first === '')
    throw new ListingFileError(`${path} is empty: it should hold a JSON array of listings, or one listing per line (NDJSON)`);
  if (first !== '[' && first !== '{') {
    throw new ListingFileError(
      `${path} is not JSON: it starts with "${first}", where a JSON array of listings starts with "[" and NDJSON (one listing per line) with "{". Nothing was sent.`,
    );
  }
  let bytesRead = 0;
  const stream = () => createReadStream(path).on('data', (chunk) => (bytesRead += chunk.length));
  return {
    format: first === '[' ? 'json' : 'ndjson',
    size,
    get bytesRead() {
      return bytesRead;
    },
    entries: first === '[' ? () => jsonArrayEntries(path, stream()) : () => ndjsonEntries(stream()),
  };
}

async function* ndjsonEntries(input: NodeJS.ReadableStream): AsyncGenerator<FileEntry> {
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line += 1;
    const trimmed = line === 1 ? text.replace(/^\uFEFF/, '').trim() : text.trim();
    if (trimmed === '') continue;
    try {
      yield { kind: 'listing', listing: JSON.parse(trimmed), line };
    } catch (error) {
      // Said as the service says a body that is not JSON (the one scanner), placed in the file.
      const where = whereJsonBreaks(text, 'line', line) ?? (error as Error).message;
      yield { kind: 'malformed', line, reason: `not JSON: ${where}`, text: trimmed.slice(0, MALFORMED_TEXT_KEPT) };
    }
  }
}

async function* jsonArrayEntries(path: string, input: NodeJS.ReadableStream): AsyncGenerator<FileEntry> {
  // Only the array's elements are kept, each until it is handed on.
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  const ready: unknown[] = [];
  parser.onValue = ({ value }) => void ready.push(value);
  let offset = 0;
  for await (const chunk of input) {
    try {
      parser.write(chunk as Buffer);
    } catch (error) {
      const read = offset + (chunk as Buffer).length;
      const where = await whereFileBreaks(path, read);
      throw new ListingFileError(`${path} is not valid JSON: ${where ?? `near byte ${read}: ${(error as Error).message}`}`);
    }
    offset += (chunk as Buffer).length;
    while (ready.length > 0) yield { kind: 'listing', listing: ready.shift(), line: null };
  }
  if (!parser.isEnded) {
    const where = await whereFileBreaks(path, offset);
    throw new ListingFileError(`${path} ends before its JSON array is closed${where ? `: ${where}` : ''}`);
  }
}

/**
 * Where a JSON array file stops being JSON, by the scanner the HTTP interfaces use: its first
 * `bytes` are read again, on the way to refusing the file only. The streaming parser failed within
 * them, so the first fault lies there too.
 */
async function whereFileBreaks(path: string, bytes: number): Promise<string | null> {
  const handle = await open(path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return whereJsonBreaks(buffer.subarray(0, bytesRead).toString('utf8'), 'file');
  } finally {
    await handle.close();
  }
}
