import type { Attributes, SFTPWrapper } from 'ssh2';
import type { AgencyEnv } from '../../domain/tenant.js';
import type { DropDoor } from '../../domain/poliris/drop-door.js';
import { folderPath, isPasserelleName, Upload, type ByteBudget, type WriteRefusal } from './virtual-folder.js';

/** SFTP status codes (draft-ietf-secsh-filexfer-02), as ssh2 numbers them. */
const STATUS = { OK: 0, EOF: 1, NO_SUCH_FILE: 2, PERMISSION_DENIED: 3, FAILURE: 4, OP_UNSUPPORTED: 8 } as const;
const WRITE_FLAG = 0x02;
/** Files one session may be writing at once. */
const OPEN_UPLOADS_MAX = 2;

const OUTSIDE = 'Chemin refusé : ce dossier ne contient que vos dépôts ; envoyez le fichier à sa racine, sans « .. » ni sous-dossier.';
const REFUSALS: Record<WriteRefusal, string> = {
  too_large: 'Fichier trop volumineux pour la passerelle.',
  busy: 'Le serveur reçoit déjà beaucoup de fichiers : réessayez dans quelques minutes.',
};

const folderAttrs = (): Attributes => ({ mode: 0o40755, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 });
const fileAttrs = (size: number): Attributes => ({ mode: 0o100644, uid: 0, gid: 0, size, atime: 0, mtime: 0 });

export interface SessionContext {
  tenant: AgencyEnv;
  door: DropDoor;
  budget: ByteBudget;
  /** Runs an import after the client was answered: the server tracks it, so a stop waits for it. */
  startImport(tenant: AgencyEnv, upload: Upload): void;
}

/** What a session keeps: its open handles, and the file parked under another name until renamed. */
class Folder {
  readonly handles = new Map<number, Upload | 'folder' | 'listed'>();
  /** The last file closed under another name, kept until renamed, replaced or the session ends. */
  parked: Upload | null = null;
  private nextHandle = 1;

  handleOf = (buffer: Buffer) => (buffer.length === 4 ? buffer.readUInt32BE(0) : -1);
  newHandle(value: Upload | 'folder'): Buffer {
    const id = this.nextHandle++;
    this.handles.set(id, value);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id);
    return buffer;
  }
  openUploads = () => [...this.handles.values()].filter((h) => h instanceof Upload).length;
  park(upload: Upload | null): void {
    this.parked?.release();
    this.parked = upload;
  }
}

/** Paths, attributes and the (always empty) listing of the folder. */
function answerLookups(sftp: SFTPWrapper, folder: Folder): void {
  sftp.on('REALPATH', (id, path) => {
    const where = folderPath(path);
    if (where.kind === 'outside') return sftp.status(id, STATUS.PERMISSION_DENIED, OUTSIDE);
    const full = where.kind === 'folder' ? '/' : `/${where.name}`;
    sftp.name(id, [{ filename: full, longname: full, attrs: where.kind === 'folder' ? folderAttrs() : fileAttrs(0) }]);
  });
  const stat = (id: number, path: string) => {
    const where = folderPath(path);
    if (where.kind === 'outside') return sftp.status(id, STATUS.PERMISSION_DENIED, OUTSIDE);
    if (where.kind === 'folder') return sftp.attrs(id, folderAttrs());
    if (folder.parked?.name === where.name) return sftp.attrs(id, fileAttrs(folder.parked.size));
    sftp.status(id, STATUS.NO_SUCH_FILE);
  };
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('OPENDIR', (id, path) => {
    const where = folderPath(path);
    if (where.kind === 'outside') return sftp.status(id, STATUS.PERMISSION_DENIED, OUTSIDE);
    if (where.kind === 'file') return sftp.status(id, STATUS.NO_SUCH_FILE);
    sftp.handle(id, folder.newHandle('folder'));
  });
  sftp.on('READDIR', (id, handle) => {
    const held = folder.handles.get(folder.handleOf(handle));
    if (held !== 'folder' && held !== 'listed') return sftp.status(id, STATUS.FAILURE, 'Identifiant de dossier inconnu.');
    folder.handles.set(folder.handleOf(handle), 'listed');
    sftp.status(id, STATUS.EOF);
  });
}

/**
 * One SFTP session of an agency's login, on its virtual folder (virtual-folder.ts): files are
 * written into memory; one named `.zip` (or `.csv`) is imported when its handle closes, or when a
 * file sent under a temporary name is renamed to one (as WinSCP and others do). The folder lists
 * empty, and nothing can be read back.
 */
export function serveFolder(sftp: SFTPWrapper, context: SessionContext): () => void {
  const folder = new Folder();
  answerLookups(sftp, folder);
  const { handles, handleOf } = folder;
  const park = (upload: Upload | null) => folder.park(upload);
  sftp.on('OPEN', (id, path, flags) => {
    const where = folderPath(path);
    if (where.kind === 'outside') return sftp.status(id, STATUS.PERMISSION_DENIED, OUTSIDE);
    if (where.kind === 'folder') return sftp.status(id, STATUS.FAILURE, 'C’est un dossier.');
    if (!(flags & WRITE_FLAG)) return sftp.status(id, STATUS.PERMISSION_DENIED, 'Ce dossier sert au dépôt : rien ne peut y être lu.');
    if (folder.openUploads() >= OPEN_UPLOADS_MAX) return sftp.status(id, STATUS.FAILURE, `Au plus ${OPEN_UPLOADS_MAX} envois à la fois.`);
    sftp.handle(id, folder.newHandle(new Upload(where.name, context.door.maxFileBytes, context.budget)));
  });
  sftp.on('WRITE', (id, handle, offset, data) => {
    const upload = handles.get(handleOf(handle));
    if (!(upload instanceof Upload)) return sftp.status(id, STATUS.FAILURE, 'Identifiant de fichier inconnu.');
    const refused = upload.write(offset, data);
    sftp.status(id, refused ? STATUS.FAILURE : STATUS.OK, refused ? REFUSALS[refused] : undefined);
  });
  sftp.on('FSTAT', (id, handle) => {
    const held = handles.get(handleOf(handle));
    if (held === undefined) return sftp.status(id, STATUS.FAILURE, 'Identifiant inconnu.');
    sftp.attrs(id, held instanceof Upload ? fileAttrs(held.size) : folderAttrs());
  });
  // Clients set times and modes after an upload: accepted, and nothing is kept of them.
  sftp.on('FSETSTAT', (id, handle) => sftp.status(id, handles.has(handleOf(handle)) ? STATUS.OK : STATUS.FAILURE));
  sftp.on('SETSTAT', (id, path) => sftp.status(id, folderPath(path).kind === 'outside' ? STATUS.PERMISSION_DENIED : STATUS.OK));
  sftp.on('CLOSE', (id, handle) => {
    const held = handles.get(handleOf(handle));
    handles.delete(handleOf(handle));
    if (held === undefined) return sftp.status(id, STATUS.FAILURE, 'Identifiant inconnu.');
    if (!(held instanceof Upload)) return sftp.status(id, STATUS.OK);
    if (held.refused) return sftp.status(id, STATUS.FAILURE, REFUSALS[held.refused]);
    sftp.status(id, STATUS.OK);
    if (isPasserelleName(held.name)) context.startImport(context.tenant, held);
    else park(held);
  });
  sftp.on('RENAME', (id, from, to) => {
    const [source, target] = [folderPath(from), folderPath(to)];
    if (source.kind !== 'file' || target.kind !== 'file') return sftp.status(id, STATUS.PERMISSION_DENIED, OUTSIDE);
    if (folder.parked?.name !== source.name) return sftp.status(id, STATUS.NO_SUCH_FILE);
    const renamed = folder.parked!;
    folder.parked = null;
    sftp.status(id, STATUS.OK);
    renamed.name = target.name;
    if (isPasserelleName(target.name)) context.startImport(context.tenant, renamed);
    else park(renamed);
  });
  sftp.on('REMOVE', (id, path) => {
    const where = folderPath(path);
    if (where.kind !== 'file') return sftp.status(id, STATUS.PERMISSION_DENIED, OUTSIDE);
    if (folder.parked?.name !== where.name) return sftp.status(id, STATUS.NO_SUCH_FILE);
    park(null);
    sftp.status(id, STATUS.OK);
  });
  for (const event of ['READ', 'MKDIR', 'RMDIR', 'READLINK', 'SYMLINK'] as const)
    sftp.on(event, (id: number) => sftp.status(id, STATUS.PERMISSION_DENIED, 'Ce dossier sert au dépôt de la passerelle seulement.'));
  sftp.on('EXTENDED', (id: number) => sftp.status(id, STATUS.OP_UNSUPPORTED));
  // The session's end: what it still holds goes back to the budget.
  return () => {
    for (const held of handles.values()) if (held instanceof Upload) held.release();
    handles.clear();
    park(null);
  };
}
