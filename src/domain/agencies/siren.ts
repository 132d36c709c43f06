/**
 * A SIREN is 9 digits whose Luhn checksum is valid (INSEE rule). Spaces are common in
 * documents ("732 829 320"), so they are accepted and removed.
 */
export function normaliseSiren(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  if (!/^\d{9}$/.test(digits)) return null;
  return luhnValid(digits) ? digits : null;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let value = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return sum % 10 === 0;
}
