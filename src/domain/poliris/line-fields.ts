import type { LineIssue, RawLine } from './contract.js';
import { rankName } from './ranks.js';
import { quoted, readDate, readNumber, readYesNo, type Read } from './values.js';

/** How a number field is held by the model: whole euros refuse cents; measures are rounded to the unit. */
export interface NumberRule {
  required?: boolean;
  min: number;
  max: number;
  /**
   * `euros` and `integer`: a decimal part other than zero refuses the line (`250000,00` is whole);
   * `round`: rounded to the nearest unit (surfaces, estimates); `decimal`: kept as written.
   */
  whole: 'euros' | 'integer' | 'round' | 'decimal';
}

/**
 * Reads the fields of one line by rank, each by its rule, and keeps every problem as a
 * `LineIssue` naming the rank, its French name and the rule. A reader returns the value, null
 * when the field is empty and may be, or undefined when it was refused. Never throws.
 */
export class LineFields {
  readonly errors: LineIssue[] = [];
  readonly warnings: LineIssue[] = [];
  reference: string | null = null;

  constructor(private readonly raw: RawLine) {}

  /** The field at a rank, trimmed; a rank past the line's end reads empty (earlier 4.x revisions are shorter). */
  value(rank: number): string {
    return (this.raw.fields[rank - 1] ?? '').trim();
  }

  readonly fail = (rank: number, code: string, message: string): undefined => {
    this.errors.push(this.issue(rank, code, message));
    return undefined;
  };

  warn(rank: number | null, code: string, message: string): void {
    this.warnings.push(this.issue(rank, code, message));
  }

  issue(rank: number | null, code: string, message: string): LineIssue {
    const field = rank === null ? null : rankName(rank);
    const where = rank === null ? '' : `${field} (rang ${rank}) : `;
    return { line: this.raw.line, reference: this.reference, rank, field, code, message: `${where}${message}` };
  }

  /** Text up to `max` characters: longer refuses the line, as the JSON interfaces refuse it. */
  text(rank: number, max: number, required = false): string | null | undefined {
    const value = this.value(rank);
    if (value === '') return required ? this.fail(rank, 'required_field', 'ce champ est obligatoire.') : null;
    if (value.length > max) return this.fail(rank, 'field_too_long', `${value.length} caractères, le service en accepte ${max} au plus.`);
    return value;
  }

  number(rank: number, rule: NumberRule): number | null | undefined {
    const read = this.checked(rank, readNumber(this.value(rank)));
    if (read === undefined) return undefined;
    if (read === null) return rule.required ? this.fail(rank, 'required_field', 'ce champ est obligatoire.') : null;
    let value = read;
    if (rule.whole === 'round') value = Math.round(read);
    else if (rule.whole === 'euros' && !Number.isInteger(read))
      return this.fail(
        rank,
        'not_whole_euros',
        `${quoted(this.value(rank))} : le service tient ce montant en euros entiers, sans centimes.`,
      );
    else if (rule.whole === 'integer' && !Number.isInteger(read))
      return this.fail(rank, 'not_whole_number', `${quoted(this.value(rank))} doit être un nombre entier.`);
    if (value < rule.min || value > rule.max)
      return this.fail(rank, 'out_of_range', `${quoted(this.value(rank))} doit être compris entre ${rule.min} et ${rule.max}.`);
    return value;
  }

  yesNo(rank: number): boolean | null | undefined {
    return this.checked(rank, readYesNo(this.value(rank)));
  }

  date(rank: number): string | null | undefined {
    return this.checked(rank, readDate(this.value(rank)));
  }

  private checked<T>(rank: number, read: Read<T>): T | null | undefined {
    if (read.ok) return read.value;
    return this.fail(rank, 'invalid_value', `${read.reason}.`);
  }
}
