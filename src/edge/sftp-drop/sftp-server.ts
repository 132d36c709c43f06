import type { AddressInfo } from 'node:net';
import type { AuthContext, Connection } from 'ssh2';
import type { AgencyEnv } from '../../domain/tenant.js';
import type { DropDoor } from '../../domain/poliris/drop-door.js';
import { ByteBudget, type Upload } from './virtual-folder.js';
import { serveFolder, type SessionContext } from './sftp-session.js';

/** A connection that has not logged in by then is closed. */
const LOGIN_WINDOW_MS = 30_000;
/** Failed login attempts one connection may make before it is closed (the per-address limits count across connections). */
const LOGIN_ATTEMPTS_MAX = 6;
/** Files in memory across the server at once, in multiples of the largest file. */
const FILES_IN_MEMORY = 4;

export interface SftpDropOptions {
  door: DropDoor;
  port: number;
  host: string;
  onError?: (error: unknown) => void;
}

export interface SftpDrop {
  /** The port it listens on (SFTP_PORT, or the one the system chose for 0). */
  port: number;
  /** Resolves once every import started so far is done (tests, and the stop). */
  settled(): Promise<void>;
  /** Stops taking connections, waits for the imports under way, then closes the sessions still open. */
  close(): Promise<void>;
}

/**
 * The SFTP drop (docs/operations.md, "SFTP drop"): an ssh2 server with the host key the service
 * keeps in PostgreSQL, a login per agency and environment (password or public key), SFTP only,
 * each login on its own virtual folder (sftp-session.ts). A file is imported once the client is
 * told it arrived; one agency's files are imported one after the other, in the order they closed.
 */
export async function startSftpDrop(options: SftpDropOptions): Promise<SftpDrop> {
  const { door } = options;
  const onError = options.onError ?? (() => {});
  const { Server } = (await import('ssh2')).default;
  const hostKey = await door.hostKey();
  const budget = new ByteBudget(FILES_IN_MEMORY * door.maxFileBytes);
  const running = new Set<Promise<void>>();
  const lastOfTenant = new Map<string, Promise<void>>();

  const startImport = (tenant: AgencyEnv, upload: Upload) => {
    const key = `${tenant.agencyId}/${tenant.env}`;
    const run = (lastOfTenant.get(key) ?? Promise.resolve()).then(async () => {
      try {
        await door.receive(tenant, upload.name, upload.bytes());
      } catch (error) {
        onError(error);
      } finally {
        upload.release();
      }
    });
    lastOfTenant.set(key, run);
    running.add(run);
    void run.finally(() => {
      running.delete(run);
      if (lastOfTenant.get(key) === run) lastOfTenant.delete(key);
    });
  };

  const clients = new Set<Connection>();
  const server = new Server({ hostKeys: [hostKey], ident: 'listing-sync-drop' }, (client, info) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    serveConnection(client, info.ip, { door, budget, startImport }, onError);
  });
  server.on('error', onError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const settled = async () => {
    while (running.size > 0) await Promise.all([...running]);
  };
  return {
    port: (server.address() as AddressInfo).port,
    settled,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await settled();
      for (const client of clients) client.end();
      await closed;
    },
  };
}

/** One client's connection: its logins (at most LOGIN_ATTEMPTS_MAX failures, within LOGIN_WINDOW_MS), then SFTP on its folder. */
function serveConnection(client: Connection, address: string, context: Omit<SessionContext, 'tenant'>, onError: (error: unknown) => void) {
  let tenant: AgencyEnv | null = null;
  let failures = 0;
  const window = setTimeout(() => client.end(), LOGIN_WINDOW_MS);
  window.unref();
  client.on('authentication', (attempt) => {
    login(context.door, attempt, address).then(
      (opened) => {
        if (opened === 'ask') return attempt.accept();
        if (opened) {
          tenant = opened;
          return attempt.accept();
        }
        if (++failures >= LOGIN_ATTEMPTS_MAX) return client.end();
        attempt.reject(['password', 'publickey']);
      },
      (error: unknown) => {
        onError(error);
        client.end();
      },
    );
  });
  client.on('ready', () => {
    clearTimeout(window);
    client.on('session', (accept) => {
      accept().on('sftp', (acceptSftp) => {
        const sftp = acceptSftp();
        sftp.on('close', serveFolder(sftp, { ...context, tenant: tenant! }));
      });
    });
  });
  // A client that vanishes mid-transfer is no error of the service's.
  client.on('error', () => {});
  client.on('close', () => clearTimeout(window));
}

/**
 * Who an authentication attempt opens: the tenant, `ask` when a client only asks whether a
 * public key would do (and it would), or null. Other methods are refused.
 */
async function login(door: DropDoor, context: AuthContext, address: string): Promise<AgencyEnv | 'ask' | null> {
  if (context.method === 'password') return door.passwordLogin(context.username, context.password, address);
  if (context.method !== 'publickey') return null;
  const { key, signature, blob, hashAlgo } = context;
  if (!signature || !blob) return (await door.keyLogin(context.username, key.algo, key.data)) ? 'ask' : null;
  return door.keyLogin(context.username, key.algo, key.data, { blob, signature, hashAlgo });
}
