import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The latest modification time (ms) under these paths: what the build and the compiled suite
 * compare with their stamps to know whether they are stale. A missing path counts as 0.
 */
export function newestChange(paths) {
  return Math.max(0, ...paths.map(newest));
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A folder's own time changes when a file in it is added, deleted or renamed.
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}
