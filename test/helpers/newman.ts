import { createRequire } from 'node:module';

/**
 * newman, loaded without its DEP0176 warning: as it loads (lib/run/secure-fs.js, newman 6.2) it
 * copies every function of `fs`, and testing each property's type reads the deprecated
 * fs.F_OK…X_OK getters. Deprecation warnings are held back for that load only; a later use of
 * a deprecated API, by the service or a test, still prints its warning.
 */
export function loadNewman<T>(): T {
  const before = process.noDeprecation;
  process.noDeprecation = true;
  try {
    return createRequire(import.meta.url)('newman') as T;
  } finally {
    process.noDeprecation = before;
  }
}
