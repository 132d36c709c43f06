/**
 * A command line's number (`--limit`, `--version`, `--concurrency`): digits only, within its
 * bounds. `Number()` alone would read « abc » as NaN and the command would quietly ignore it.
 * Null when refused; `wholeNumberRule` is the message every command prints then.
 */
export function readWholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

export const wholeNumberRule = (flag: string, min: number, max: number) =>
  max === Number.MAX_SAFE_INTEGER ? `${flag} must be a whole number from ${min}` : `${flag} must be a whole number from ${min} to ${max}`;
