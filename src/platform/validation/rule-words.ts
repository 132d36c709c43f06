import { EARLIEST_INSTANT, LATEST_INSTANT, NO_CONTROL_CHARACTERS } from './storable.js';

/** The keyword of the check every string gets: text PostgreSQL can store (schema-validator.ts). */
export const STORABLE_TEXT = 'storableText';

export interface AjvIssue {
  instancePath: string;
  schemaPath?: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * How a refused request's rules are said, each as the end of a sentence that starts with the
 * field's name: English for the APIs, French for the pages (french-rule-words.ts). One set of
 * words per language, so a rule reads the same in every route of that language.
 */
export interface RuleWords {
  required: string;
  unknownField: string;
  emptyName: string;
  /** A union none of whose forms matched, when no branch explains it better. */
  noForm: string;
  /** A choice of values (an enum, a union of constants, either of them nullable), null as JSON null. */
  choices: (values: unknown[]) => string;
  /** A choice of JSON types (`integer`, `null`…). */
  types: (types: string[]) => string;
  /** Every other keyword. */
  rule: (issue: AjvIssue) => string;
}

const FORMAT_WORDS: Record<string, string> = {
  'date-time': `must be an ISO 8601 date-time with an offset, such as 2026-03-01T09:30:00Z, from ${EARLIEST_INSTANT} to ${LATEST_INSTANT}`,
  date: 'must be a calendar date written YYYY-MM-DD, such as 2026-03-01',
  uri: 'must be an absolute URI',
  email: 'must be an e-mail address',
};

const PATTERN_WORDS: Record<string, string> = {
  [NO_CONTROL_CHARACTERS]: 'must not contain control characters',
  '^[0-9]{5}$': 'must be 5 digits',
  '^https?://': 'must start with http:// or https://',
  '^[A-Z]{3}$': 'must be a currency code of 3 capital letters',
};

/**
 * A choice's values as a list, an empty value (a filter's « all ») and null (a nullable field)
 * said in words after the others (`orEmpty`, `orNull`) rather than as items: `null` in the list
 * would read as one more code to send, in a list of events or of DPE classes alike. One rule for
 * both languages.
 */
export const choiceList = (values: unknown[], orEmpty: string, orNull: string) => {
  const after = [...new Set([values.includes('') ? orEmpty : '', values.includes(null) ? orNull : ''])].join('');
  return `${values
    .filter((v) => v !== '' && v !== null)
    .map(String)
    .join(', ')}${after}`;
};

const plural = (count: unknown, word: string) => `${String(count)} ${word}${Number(count) === 1 ? '' : 's'}`;

/**
 * Each rule a schema states, said as the end of a sentence that starts with the field's name
 * (`photos must have at most 100 items`), in the same voice as the service's own messages.
 * Ajv's defaults (`must NOT have fewer than 1 items`, `must be >= 1`) never reach an integrator.
 */
function englishRule(issue: AjvIssue): string {
  const params = issue.params;
  switch (issue.keyword) {
    case 'minItems':
      return `must have at least ${plural(params.limit, 'item')}`;
    case 'maxItems':
      return `must have at most ${plural(params.limit, 'item')}`;
    case 'minLength':
      return Number(params.limit) === 1 ? 'must not be empty' : `must be at least ${plural(params.limit, 'character')} long`;
    case 'maxLength':
      return `must be at most ${plural(params.limit, 'character')} long`;
    case 'minimum':
      return `must be ${String(params.limit)} or more`;
    case 'maximum':
      return `must be ${String(params.limit)} or less`;
    case 'exclusiveMinimum':
      return `must be more than ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(params.limit)}`;
    case 'multipleOf':
      return `must be a multiple of ${String(params.multipleOf)}`;
    case 'minProperties':
      return `must have at least ${plural(params.limit, 'field')}`;
    case 'maxProperties':
      return `must have at most ${plural(params.limit, 'field')}`;
    case 'uniqueItems':
      return `must not hold the same item twice (items ${String(params.j)} and ${String(params.i)} are equal)`;
    case 'dependentRequired':
    case 'dependencies':
      return `must have ${String(params.missingProperty)} when it has ${String(params.property)}`;
    case 'not':
    case 'false schema':
      return 'is not allowed here';
    case 'enum':
      return ENGLISH_RULES.choices(params.allowedValues as unknown[]);
    case 'const':
      return `must be ${String(params.allowedValue)}`;
    case 'format':
      return FORMAT_WORDS[String(params.format)] ?? `must be a valid ${String(params.format)}`;
    case 'pattern': {
      const pattern = String(params.pattern);
      const id = /^\^(lst|agc|key)_/.exec(pattern);
      if (id) return `must be an identifier such as ${id[1]}_0AbC… (${id[1]}_ then letters and digits)`;
      return PATTERN_WORDS[pattern] ?? `must match the pattern ${pattern}`;
    }
    case 'type':
      return `must be ${article(String(params.type))}`;
    case STORABLE_TEXT:
      return issue.message ?? 'must be text that can be stored';
    default:
      // A rule no schema of the service uses today: its name at least says which one failed.
      return `breaks the rule "${issue.keyword}"`;
  }
}

const article = (type: string) =>
  type
    .split(',')
    .map((t) => (t === 'null' ? 'null' : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`))
    .join(' or ');

export const ENGLISH_RULES: RuleWords = {
  required: 'is required',
  unknownField: 'is not a known field',
  emptyName: 'has a field with an empty name, which is not known',
  noForm: 'does not match any of the allowed forms',
  choices: (values) => `must be one of ${choiceList(values, ', or empty', ', or null')}`,
  types: (types) => `must be ${article(types.join(','))}`,
  rule: englishRule,
};
