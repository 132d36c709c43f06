/**
 * The folder an agency sees over SFTP: one flat, virtual folder, `/`, that holds nothing but the
 * file being sent. No path a client gives ever reaches the file system: it is read as a name in
 * that folder, or refused. Uploads are kept in memory, bounded per file and per server.
 */

/** A path as the folder reads it: the folder itself, a file of it, or outside it (refused). */
export type FolderPath = { kind: 'folder' } | { kind: 'file'; name: string } | { kind: 'outside' };

const NAME_MAX = 255;

/**
 * `.`, `` and `/` are the folder; `name` and `/name` a file in it. Anything else is outside and
 * refused: a `..` anywhere, a name in a sub-folder (`/other/x.zip`, `/etc/passwd`), a
 * backslash, a control character, an over-long name.
 */
export function folderPath(raw: string): FolderPath {
  if (raw === '' || raw === '.' || raw === '/' || raw === '/.' || raw === './') return { kind: 'folder' };
  const name = raw.startsWith('/') ? raw.slice(1) : raw.startsWith('./') ? raw.slice(2) : raw;
  // eslint-disable-next-line no-control-regex
  if (name === '' || name === '.' || name === '..' || name.length > NAME_MAX || /[/\\\u0000-\u001f\u007f]/.test(name))
    return { kind: 'outside' };
  return { kind: 'file', name };
}

/** Whether a file of this name is imported when it closes: the passerelle ZIP, or `Annonces.csv` alone. */
export const isPasserelleName = (name: string) => /\.(zip|csv)$/i.test(name);

/** Bytes held in memory by every upload of the server together, so many clients at once cannot exhaust it. */
export class ByteBudget {
  private used = 0;
  constructor(readonly max: number) {}
  take(bytes: number): boolean {
    if (this.used + bytes > this.max) return false;
    this.used += bytes;
    return true;
  }
  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}

/** Why a write was refused, in French for the client's log. */
export type WriteRefusal = 'too_large' | 'busy';

/**
 * One file being written: its chunks at their offsets (clients pipeline writes, not always in
 * order), at most `maxBytes` in all, charged to the server's budget until `release`.
 */
export class Upload {
  private chunks: Array<{ offset: number; data: Buffer }> = [];
  private charged = 0;
  private end = 0;
  refused: WriteRefusal | null = null;

  constructor(
    /** Changed by a rename. */
    public name: string,
    private readonly maxBytes: number,
    private readonly budget: ByteBudget,
  ) {}

  get size(): number {
    return this.end;
  }

  write(offset: number, data: Buffer): WriteRefusal | null {
    if (this.refused) return this.refused;
    const end = offset + data.length;
    if (end > this.maxBytes || this.charged + data.length > this.maxBytes) return this.stopWith('too_large');
    if (!this.budget.take(data.length)) return this.stopWith('busy');
    this.charged += data.length;
    // The SFTP layer's buffer is reused for the next packet: the chunk is copied.
    this.chunks.push({ offset, data: Buffer.from(data) });
    this.end = Math.max(this.end, end);
    return null;
  }

  /** The file's bytes, in offset order. */
  bytes(): Buffer {
    const whole = Buffer.alloc(this.end);
    for (const { offset, data } of this.chunks) data.copy(whole, offset);
    this.chunks = [];
    return whole;
  }

  /** Gives its bytes back to the server's budget. */
  release(): void {
    this.chunks = [];
    this.budget.give(this.charged);
    this.charged = 0;
  }

  private stopWith(why: WriteRefusal): WriteRefusal {
    this.refused = why;
    this.release();
    return why;
  }
}
