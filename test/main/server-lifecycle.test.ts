import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliArgs } from './cli/server-process.js';

/**
 * The server as an operator starts it: a separate process, through the CLI or npm. Always
 * on an embedded database in a fresh folder, since what is tested is the process itself.
 */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DEMO: '0', ...extra };
  delete env.DATABASE_URL;
  delete env.DATABASE_READ_URL; // a replica of the suite's server (scripts/with-replica.sh), not of the fresh folder
  // Set by the npm that runs the suite; the launcher under test must set its own.
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
  return env;
}

function collect(child: ChildProcess) {
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk) => (output.stdout += chunk));
  child.stderr!.on('data', (chunk) => (output.stderr += chunk));
  return output;
}

async function waitFor<T>(
  what: string,
  probe: () => T | null | undefined | false,
  timeoutMs = 90_000,
  output?: { stdout: string; stderr: string },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${output ? `; output so far:\n${output.stdout}\n${output.stderr}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

test('a busy port is one line naming the port and PORT, not a stack trace', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-busy-'));
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as AddressInfo;
  try {
    const child = spawn(process.execPath, [...cliArgs, 'serve'], {
      env: childEnv({ PORT: String(port), DATA_DIR: join(dir, 'data') }),
    });
    const output = collect(child);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 1);
    assert.equal(
      output.stderr.trim(),
      `Port ${port} on 127.0.0.1 is already in use: stop the program using it, or set PORT to a free port (for example PORT=8080 npm start).`,
    );
    assert.ok(!/\n\s+at |EADDRINUSE/.test(output.stdout + output.stderr), output.stdout);
  } finally {
    blocker.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the server stops with its npm launcher, and cleanly on SIGINT; the banner alone says where it listens, and later starts name the demo agency', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-launcher-'));
  const started: number[] = [];
  try {
    // `kill <pid of npm>`: npm exits without passing SIGTERM on; the server must notice.
    const npm = spawn('npm', ['run', 'cli', '--', 'serve'], { env: childEnv({ PORT: '0', DATA_DIR: join(dir, 'a'), DEMO: '1' }) });
    const launched = collect(npm);
    const [, url, pid] = await waitFor('the banner', () => /listening on (\S+) \(pid (\d+)\)/.exec(launched.stdout), 90_000, launched);
    const serverPid = Number(pid);
    started.push(serverPid);
    const port = Number(new URL(url!).port);
    assert.notEqual(serverPid, npm.pid, 'npm runs the server as a child process');
    assert.ok(await portAnswers(port));
    npm.kill('SIGTERM');
    await waitFor('the server to exit after its launcher', () => !isRunning(serverPid), 15_000);
    assert.equal(await portAnswers(port), false, 'the port is free again');
    const agencyId = /Demo agency created: (agc_\w+)/.exec(launched.stdout)?.[1];
    assert.ok(agencyId, launched.stdout);
    assert.match(
      launched.stdout,
      /\/pro, as demo@example\.invalid with this password, shown this once:\n {2}\S{16,}\n/,
      'the demo pro user',
    );

    // Ctrl+C in a terminal: the signal reaches the server itself. A later start on the same folder.
    const direct = spawn(process.execPath, [...cliArgs, 'serve'], {
      env: childEnv({ PORT: '0', DATA_DIR: join(dir, 'a'), DEMO: '1' }),
    });
    const output = collect(direct);
    started.push(direct.pid!);
    await waitFor('the banner', () => /listening on/.test(output.stdout), 90_000, output);
    direct.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => direct.on('exit', resolve));
    assert.equal(code, 0);
    // pino writes its own lines asynchronously: under load "Server listening" can land after the signal's line.
    const said = output.stdout
      .split('\n')
      .filter((line) => !line.startsWith('{'))
      .join('\n');
    assert.match(said, /SIGINT received: finishing in-flight work…\nstopped\n/);
    for (const { stdout, stderr } of [launched, output]) {
      assert.doesNotMatch(stdout + stderr, /Server listening/, 'no log line inside the banner: the banner says where it listens');
    }
    assert.ok(
      output.stdout.includes(
        `\nDemo agency ${agencyId} (its keys were shown on the first start). Lost them? Start with ADMIN_TOKEN set, then: bin/listing-sync key create --agency ${agencyId} --env live\n`,
      ),
      output.stdout,
    );
    assert.doesNotMatch(output.stdout, /svc_pk_/, 'a later start prints no key');
  } finally {
    // A failed run must not leave a server behind, holding a port.
    for (const pid of started) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
