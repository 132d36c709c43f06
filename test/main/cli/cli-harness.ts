import { after, before } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { runCli } from '../../../src/main/cli/main.js';

export interface CliHarness {
  /** The service the command talks to, listening on a port of its own. */
  readonly t: TestApp;
  readonly url: string;
  /** Runs `listing-sync …args` with the key; what it printed, and its exit code. */
  cli(
    key: string,
    args: string[],
    progress?: { write(text: string): unknown; isTTY?: boolean },
  ): Promise<{ code: number; out: string; err: string }>;
  /** A file of the test's own folder (removed after the file's tests). */
  file(name: string, content: string | Buffer): string;
  readonly dir: string;
}

/** A running service and a folder for the CLI's tests of one file, set up before them and removed after. */
export function useCliHarness(folderPrefix: string): CliHarness {
  const dir = mkdtempSync(join(tmpdir(), folderPrefix));
  let t: TestApp | undefined;
  let url = '';
  before(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get t() {
      return t!;
    },
    get url() {
      return url;
    },
    dir,
    async cli(key, args, progress) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(
        args,
        { LISTING_SYNC_URL: url, LISTING_SYNC_KEY: key },
        (l) => out.push(l),
        (l) => err.push(l),
        progress,
      );
      return { code, out: out.join('\n'), err: err.join('\n') };
    },
    file(name, content) {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
  };
}
