import type { Database } from '../../platform/db/database.js';
import type { Outcome } from '../../platform/outcome.js';
import type { AgencyEnv } from '../tenant.js';
import type { ImportReport } from './import.js';
import { DELIVERED_FILE_MAX_BYTES, defaultImporter, deliveredUpload, type Importer } from './delivered-file.js';
import { dropHostKey, dropKeyLogin, dropPasswordLogin } from './drop-accounts.js';

/**
 * What the SFTP server (src/edge/sftp-drop) asks of the service, and nothing more: its host
 * key, who a login opens, and the import of a file dropped. The server knows no database.
 */
export interface DropDoor {
  /** The most bytes a dropped file may have. */
  readonly maxFileBytes: number;
  hostKey(): Promise<string>;
  passwordLogin(userName: string, password: string, address: string): Promise<AgencyEnv | null>;
  keyLogin(
    userName: string,
    algo: string,
    publicBlob: Buffer,
    signed?: { blob: Buffer; signature: Buffer; hashAlgo?: string },
  ): Promise<AgencyEnv | null>;
  /** Imports a dropped file for the tenant the login opened, as one full sync (its report is kept for the pro space). */
  receive(tenant: AgencyEnv, fileName: string, bytes: Buffer): Promise<Outcome<ImportReport>>;
}

export function dropDoor(db: Database, now: () => Date, importer: Importer = defaultImporter): DropDoor {
  return {
    maxFileBytes: DELIVERED_FILE_MAX_BYTES,
    hostKey: () => dropHostKey(db, now()),
    passwordLogin: (userName, password, address) => dropPasswordLogin(db, { userName, password, address }, now()),
    keyLogin: (userName, algo, publicBlob, signed) => dropKeyLogin(db, { userName, algo, publicBlob, signed }),
    receive: (tenant, fileName, bytes) =>
      importer(db, tenant, deliveredUpload(fileName, bytes), { origin: 'sftp', fileName, force: false }, now),
  };
}
