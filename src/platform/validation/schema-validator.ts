import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FieldError } from '../outcome.js';
import { EARLIEST_INSTANT, LATEST_INSTANT, NO_CONTROL_CHARACTERS, isStorableInstant, unstorableTextReason } from './storable.js';

// ajv-formats ships CommonJS; under NodeNext its default export arrives wrapped once more.
type AddFormats = (ajv: Ajv) => Ajv;
export const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats;

const STORABLE_TEXT = 'storableText';

const isoDateTime = (fullFormats['date-time'] as { validate: (value: string) => boolean }).validate;
/**
 * RFC 3339 date-time (with an offset) of an instant PostgreSQL can store. Leap seconds are
 * refused: JavaScript dates, and so the service, cannot represent them.
 */
export function isStorableDateTime(value: string): boolean {
  return isoDateTime(value) && !/T\d{2}:\d{2}:60/i.test(value) && isStorableInstant(Date.parse(value));
}

/**
 * Two validators: bodies are JSON and must match their schema exactly (no coercion, no
 * silently dropped unknown fields), while query strings and path parameters arrive as
 * text and are coerced to the declared types.
 */
function makeAjv(coerce: boolean) {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
    useDefaults: coerce,
    strict: false,
  });
  addFormats(ajv);
  ajv.addFormat('date-time', { type: 'string', validate: isStorableDateTime });
  ajv.addKeyword({
    keyword: STORABLE_TEXT,
    type: 'string',
    schemaType: 'boolean',
    errors: true,
    validate: function storableText(this: unknown, _schema: boolean, value: string) {
      const reason = unstorableTextReason(value);
      if (reason === null) return true;
      (storableText as unknown as { errors: unknown[] }).errors = [{ keyword: STORABLE_TEXT, message: reason, params: {} }];
      return false;
    },
  });
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

/**
 * Every string a schema admits, at any depth, must also be text PostgreSQL can store. This
 * is added here, once, to every schema the service compiles, so no route, and no schema
 * written later, can let a NUL or a lone surrogate through to a query.
 */
export function withStorableText<T>(schema: T): T {
  return addStorableText(schema, false) as T;
}

// Under these keywords the keys are names of properties or definitions, not keywords.
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
// Literal values are data, not schemas: an enum or const is compared, never walked.
const LITERALS = new Set(['enum', 'const', 'default', 'examples']);

function addStorableText(schema: unknown, namesMap: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((entry) => addStorableText(entry, false));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = !namesMap && LITERALS.has(key) ? value : addStorableText(value, !namesMap && NAME_MAPS.has(key));
  }
  if (namesMap) return out;
  const type = out.type;
  if (type === 'string' || (Array.isArray(type) && type.includes('string'))) out[STORABLE_TEXT] = true;
  return out;
}

const compiled = new Map<Ajv, WeakMap<object, ValidateFunction>>([
  [bodyAjv, new WeakMap()],
  [textAjv, new WeakMap()],
]);

// One compilation per schema object and validator: Ajv refuses a second schema with the same $id.
function compileWith(ajv: Ajv, schema: object): ValidateFunction {
  const cache = compiled.get(ajv)!;
  let validate = cache.get(schema);
  if (!validate) {
    validate = ajv.compile(withStorableText(schema));
    cache.set(schema, validate);
  }
  return validate;
}

/** A validator of a JSON body (no coercion). Batch items are checked one by one with it. */
export const compileBodyValidator = (schema: object) => compileWith(bodyAjv, schema);
/** A validator of query strings, path parameters and headers: text coerced to the declared types. */
export const compileTextValidator = (schema: object) => compileWith(textAjv, schema);

/** `/photos/1/url` (Ajv instance path) → `photos[1].url`, the form integrators read. */
export function jsonPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  let out = '';
  for (const part of parts) {
    const name = part.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(name) ? `[${name}]` : out ? `.${name}` : name;
  }
  return out;
}

/**
 * Bounds on what a refusal echoes back. An unknown field's name comes from the client, and a
 * body of 1 MiB can hold thousands of them: the answer names the first ones, shortened.
 */
export const FIELD_ERRORS_MAX = 50;
export const FIELD_NAME_MAX = 200;
export const FIELD_MESSAGE_MAX = 400;

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export interface AjvIssue {
  instancePath: string;
  schemaPath?: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
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

const plural = (count: unknown, word: string) => `${String(count)} ${word}${Number(count) === 1 ? '' : 's'}`;

/**
 * Each rule a schema states, said as the end of a sentence that starts with the field's name
 * (`listings must have at most 500 items`), in the same voice as the service's own messages.
 * Ajv's defaults (`must NOT have fewer than 1 items`, `must be >= 1`) never reach an integrator.
 */
function plainMessage(issue: AjvIssue): string {
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
      return `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
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

/**
 * A union (anyOf) fails with one error per branch and one for the union itself. When every
 * branch is a choice of values or of types (an enum written as constants, a nullable enum,
 * a nullable number), that is one rule for the integrator: said once, naming what is allowed.
 * Otherwise the branch that came closest (the one whose type matched) explains the failure.
 */
function summariseUnion(branches: AjvIssue[]): string | AjvIssue[] {
  const allowed: string[] = [];
  const types: string[] = [];
  for (const issue of branches) {
    if (issue.keyword === 'const') allowed.push(String(issue.params.allowedValue));
    else if (issue.keyword === 'enum') allowed.push(...(issue.params.allowedValues as unknown[]).map(String));
    else if (issue.keyword === 'type') types.push(String(issue.params.type));
    else return branches.filter((b) => b.keyword !== 'type');
  }
  if (allowed.length === 0) return `must be ${article(types.join(','))}`;
  const choices = [...allowed, ...types.filter((t) => t === 'null')];
  return `must be one of ${choices.join(', ')}`;
}

export function fieldErrorsFromAjv(issues: AjvIssue[], part: string): FieldError[] {
  const isUnion = (issue: AjvIssue) => issue.keyword === 'anyOf' || issue.keyword === 'oneOf';
  const unions = issues.filter(isUnion);
  const inside = (issue: AjvIssue, union: AjvIssue) =>
    issue !== union && union.schemaPath !== undefined && issue.schemaPath?.startsWith(`${union.schemaPath}/`) === true;
  // The errors of a union's own branches, not those of a union nested in one of them.
  const branchesOf = (union: AjvIssue) =>
    issues.filter((issue) => inside(issue, union) && !unions.some((inner) => inside(inner, union) && inside(issue, inner)));
  const out: FieldError[] = [];
  const seen = new Set<string>();
  const push = (fullField: string, message: string) => {
    const field = shorten(fullField, FIELD_NAME_MAX);
    const text = shorten(`${field} ${message}`, FIELD_MESSAGE_MAX);
    if (seen.has(text) || out.length >= FIELD_ERRORS_MAX) return;
    seen.add(text);
    out.push({ field, message: text });
  };
  const report = (issue: AjvIssue): void => {
    if (issue.keyword === 'required') {
      push(jsonPath(issue.instancePath, String(issue.params.missingProperty)), 'is required');
    } else if (issue.keyword === 'additionalProperties') {
      const name = String(issue.params.additionalProperty);
      if (name === '') push(jsonPath(issue.instancePath) || part, 'has a field with an empty name, which is not known');
      else push(jsonPath(issue.instancePath, name), 'is not a known field');
    } else if (isUnion(issue)) {
      const summary = summariseUnion(branchesOf(issue));
      if (typeof summary === 'string') push(jsonPath(issue.instancePath) || part, summary);
      else if (summary.length > 0) summary.forEach(report);
      else push(jsonPath(issue.instancePath) || part, 'does not match any of the allowed forms');
    } else {
      push(jsonPath(issue.instancePath) || part, plainMessage(issue));
    }
  };
  // An error inside a union is reported through the outermost union that holds it.
  for (const issue of issues) if (!unions.some((union) => inside(issue, union))) report(issue);
  return out;
}
