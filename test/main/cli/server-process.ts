import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Processes as a newcomer runs them: the server on a fresh embedded database (`npm start`
 * does the same), and the CLI, each a child process whose output is read as printed.
 */
export interface Output {
  stdout: string;
  stderr: string;
}

/**
 * `node ...cliArgs <command>` runs the CLI from the code the suite runs: the compiled copy
 * when the suite runs compiled (`npm run test:suite`, .tmp/suite/), the sources through tsx
 * when a file runs with `node --import tsx --test`.
 */
export const cliArgs = import.meta.url.endsWith('.js')
  ? [fileURLToPath(new URL('../../../src/main/cli/main.js', import.meta.url))]
  : ['--import', 'tsx', 'src/main/cli/main.ts'];

export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  // A fresh data directory is the point: never the suite's PostgreSQL server.
  delete env.DATABASE_URL;
  delete env.DATABASE_READ_URL; // a replica of the suite's server (scripts/with-replica.sh)
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
  return env;
}

export function collect(child: ChildProcess): Output {
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk) => (output.stdout += chunk));
  child.stderr!.on('data', (chunk) => (output.stderr += chunk));
  return output;
}

export async function waitFor<T>(what: string, probe: () => T | null | undefined | false, output: Output, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output so far:\n${output.stdout}\n${output.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });

export interface ServerProcess {
  url: string;
  /** The LIVE key of the demo agency, from the first start's banner. */
  liveKey: string;
  output: Output;
  stop(): Promise<void>;
}

/** `listing-sync serve` on a free port and a fresh data directory, with its demo agency. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-first-start-'));
  const child = spawn(process.execPath, [...cliArgs, 'serve'], {
    env: childEnv({ PORT: '0', DATA_DIR: join(dir, 'data'), ...env }),
  });
  const output = collect(child);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [, url] = await waitFor('the banner', () => /listening on (\S+) \(pid/.exec(output.stdout), output);
    const [, liveKey] = await waitFor('the demo keys', () => /LIVE {2}(svc_pk_LIVE_\S+)/.exec(output.stdout), output);
    return { url: url!, liveKey: liveKey!, output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
