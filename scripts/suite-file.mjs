// One shard of the suite (scripts/run-suite.mjs): the test files named in SUITE_FILES, each
// imported inside a suite of its own, so that the before/after hooks a file declares at its top
// level run around that file's tests only (its application and database are closed before the
// next file opens its own), as they would in a process of their own.
import { describe } from 'node:test';
import process from 'node:process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

for (const file of JSON.parse(process.env.SUITE_FILES ?? '[]')) {
  describe(file, async () => {
    await import(pathToFileURL(resolve(file)).href);
  });
}
