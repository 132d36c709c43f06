import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { ESLint } from 'eslint';

/**
 * Paris time has one owner, src/platform/calendar (docs/architecture.md, "One owner per rule"):
 * no other source file names the time zone. ESLint refuses the literal (eslint.config.js); this
 * test holds both the rule and the sources, so neither an `eslint-disable` nor a dropped rule lets
 * a second clock in.
 */
// The sources themselves, not their compiled copy: the suite runs from the repository's root.
const ROOT = process.cwd();
const OWNER = join('src', 'platform', 'calendar') + sep;
const TIME_ZONE = /(['"`])Europe\/Paris\1/;

function sourcesOf(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

test('no source outside the calendar names the Paris time zone', () => {
  const sources = sourcesOf('src');
  assert.ok(sources.length > 100, 'the sources are read');
  assert.ok(
    sources.some((file) => file.startsWith(OWNER) && TIME_ZONE.test(readFileSync(join(ROOT, file), 'utf8'))),
    'the owner names it',
  );
  const others = sources.filter((file) => !file.startsWith(OWNER) && TIME_ZONE.test(readFileSync(join(ROOT, file), 'utf8')));
  assert.deepEqual(others, []);
});

test('ESLint refuses the time zone outside the calendar, and only there', async () => {
  const eslint = new ESLint({ cwd: ROOT });
  const code = "export const zone = 'Europe/Paris';\nexport const tick = `Europe/Paris`;\nexport const words = 'days in Europe/Paris';\n";
  const errorsAt = async (file: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
  };
  assert.deepEqual(await errorsAt('src/domain/leads/clock.ts'), [1, 2], 'a capability');
  assert.deepEqual(await errorsAt('src/edge/html/clock.tsx'), [1, 2], 'the HTML kit');
  assert.deepEqual(await errorsAt('src/platform/calendar/clock.ts'), [], 'the owner');
});
