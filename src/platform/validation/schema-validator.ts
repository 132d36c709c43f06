import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FieldError } from '../outcome.js';
import { isStorableInstant, unstorableTextReason } from './storable.js';
import { ENGLISH_RULES, STORABLE_TEXT, type AjvIssue, type RuleWords } from './rule-words.js';
import { withHint, type FieldHints } from './field-hints.js';

export type { AjvIssue } from './rule-words.js';

// ajv-formats ships CommonJS; under NodeNext its default export arrives wrapped once more.
type AddFormats = (ajv: Ajv) => Ajv;
export const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats;

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

/**
 * A union (anyOf) fails with one error per branch and one for the union itself. When every
 * branch is a choice of values or of types (an enum written as constants, a nullable enum,
 * a nullable number), that is one rule for the integrator: said once, naming what is allowed.
 * Otherwise the branch that came closest (the one whose type matched) explains the failure; the
 * other rules of a branch whose type did not match say nothing of the value (2.5 for a nullable
 * int32 is « an integer or null », not « a valid int32 »).
 */
function summariseUnion(union: AjvIssue, branches: AjvIssue[], words: RuleWords): string | AjvIssue[] {
  const branchOf = (issue: AjvIssue) => issue.schemaPath?.slice(union.schemaPath!.length + 1).split('/')[0];
  // Only a rule of the union's own value is one of its choices: the choice of a nullable list's
  // items (`events[0]`) is the items' rule, said of them, never « one of …, null » of the list.
  const ofValue = (issue: AjvIssue) => issue.instancePath === union.instancePath;
  const otherType = new Set(branches.filter((issue) => issue.keyword === 'type' && ofValue(issue)).map(branchOf));
  const allowed: unknown[] = [];
  const types: string[] = [];
  const closest: AjvIssue[] = [];
  for (const issue of branches) {
    if (!ofValue(issue)) {
      if (!otherType.has(branchOf(issue))) closest.push(issue);
    } else if (issue.keyword === 'const') allowed.push(issue.params.allowedValue);
    else if (issue.keyword === 'enum') allowed.push(...(issue.params.allowedValues as unknown[]));
    else if (issue.keyword === 'type') types.push(String(issue.params.type));
    else if (!otherType.has(branchOf(issue))) closest.push(issue);
  }
  // No branch said why (a oneOf that more than one branch matched): the caller says no form matched.
  if (closest.length > 0 || (allowed.length === 0 && types.length === 0)) return closest;
  if (allowed.length === 0) return words.types(types);
  return words.choices(types.includes('null') ? [...allowed, null] : allowed);
}

/**
 * A value that breaks several rules is told the one that says most about what to send, once: a
 * wrong type makes every bound moot, and so does an empty text; a choice or a pattern shows what
 * the value looks like where a length does not (`A-1` for a serviceId: the identifier's shape,
 * not its 5 characters); and int32 or int64, the format every whole number states for the
 * OpenAPI description, adds nothing to « must be an integer » or a bound. Lower is clearer; the
 * other keywords come between.
 */
const CLARITY: Record<string, number> = { type: 0, enum: 1, const: 1, pattern: 2, format: 3 };
function clarityOf(issue: AjvIssue): number {
  if (issue.keyword === 'minLength' && Number(issue.params.limit) === 1) return CLARITY.enum!;
  if (issue.keyword === 'format' && /^int(32|64)$/.test(String(issue.params.format))) return 9;
  return CLARITY[issue.keyword] ?? 5;
}

/** The value at an Ajv instance path (`/photos/1/url`) of `data`; undefined where there is none. */
function valueAt(data: unknown, instancePath: string): unknown {
  let value = data;
  for (const part of instancePath.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined;
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/**
 * The field errors of a refused request, each message starting with the field's name: in the
 * API's English by default, in French for the pages of the pro space and the back-office. A
 * route's `hints` end the messages of the fields they name (field-hints.ts); `data`, what was
 * validated, gives a value hint the value refused.
 */
export function fieldErrorsFromAjv(
  issues: AjvIssue[],
  part: string,
  words: RuleWords = ENGLISH_RULES,
  hints?: FieldHints,
  data?: unknown,
): FieldError[] {
  const isUnion = (issue: AjvIssue) => issue.keyword === 'anyOf' || issue.keyword === 'oneOf';
  const unions = issues.filter(isUnion);
  const inside = (issue: AjvIssue, union: AjvIssue) =>
    issue !== union && union.schemaPath !== undefined && issue.schemaPath?.startsWith(`${union.schemaPath}/`) === true;
  // The errors of a union's own branches, not those of a union nested in one of them.
  const branchesOf = (union: AjvIssue) =>
    issues.filter((issue) => inside(issue, union) && !unions.some((inner) => inside(inner, union) && inside(issue, inner)));
  const out: FieldError[] = [];
  const seen = new Set<string>();
  // The rule said of each field so far, where it is in `out` and how clear it is: one rule per field.
  const ruleOf = new Map<string, { index: number; clarity: number }>();
  const push = (fullField: string, message: string, clarity?: number) => {
    const field = shorten(fullField, FIELD_NAME_MAX);
    const text = shorten(`${field} ${message}`, FIELD_MESSAGE_MAX);
    if (seen.has(text)) return;
    const said = clarity === undefined ? undefined : ruleOf.get(field);
    if (said) {
      // A clearer rule of the field takes the place of the one said; a vaguer one is left out.
      if (clarity! < said.clarity) {
        out[said.index] = { field, message: text };
        said.clarity = clarity!;
      }
      return;
    }
    if (out.length >= FIELD_ERRORS_MAX) return;
    seen.add(text);
    if (clarity !== undefined) ruleOf.set(field, { index: out.length, clarity });
    out.push({ field, message: text });
  };
  const pushRule = (issue: AjvIssue, field: string, message: string, clarity: number) =>
    push(field, withHint(message, hints?.rule?.[field] ?? hints?.value?.(field, valueAt(data, issue.instancePath))), clarity);
  const report = (issue: AjvIssue): void => {
    if (issue.keyword === 'required') {
      push(jsonPath(issue.instancePath, String(issue.params.missingProperty)), words.required);
    } else if (issue.keyword === 'additionalProperties') {
      const name = String(issue.params.additionalProperty);
      const field = jsonPath(issue.instancePath, name);
      if (name === '') push(jsonPath(issue.instancePath) || part, words.emptyName);
      else push(field, withHint(words.unknownField, hints?.unknownField?.(field)));
    } else if (isUnion(issue)) {
      const summary = summariseUnion(issue, branchesOf(issue), words);
      if (typeof summary === 'string') pushRule(issue, jsonPath(issue.instancePath) || part, summary, CLARITY.type!);
      else if (summary.length > 0) summary.forEach(report);
      else pushRule(issue, jsonPath(issue.instancePath) || part, words.noForm, CLARITY.type!);
    } else {
      pushRule(issue, jsonPath(issue.instancePath) || part, words.rule(issue), clarityOf(issue));
    }
  };
  // An error inside a union is reported through the outermost union that holds it.
  for (const issue of issues) if (!unions.some((union) => inside(issue, union))) report(issue);
  return out;
}
