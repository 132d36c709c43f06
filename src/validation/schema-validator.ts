import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FieldError } from '../outcome.js';

// ajv-formats ships CommonJS; under NodeNext its default export arrives wrapped once more.
type AddFormats = (ajv: Ajv) => Ajv;
export const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats;

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
  return ajv;
}

export const bodyAjv = makeAjv(false);
export const textAjv = makeAjv(true);

/** A body validator outside a route, with the same rules (batch items are checked one by one). */
export const compileBodyValidator = (schema: object) => bodyAjv.compile(schema);

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

export interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

export function fieldErrorsFromAjv(issues: AjvIssue[], part: string): FieldError[] {
  return issues.map((issue) => {
    if (issue.keyword === 'required') {
      const field = jsonPath(issue.instancePath, String(issue.params.missingProperty));
      return { field, message: `${field} is required` };
    }
    if (issue.keyword === 'additionalProperties') {
      const field = jsonPath(issue.instancePath, String(issue.params.additionalProperty));
      return { field, message: `${field} is not a known field` };
    }
    const field = jsonPath(issue.instancePath) || part;
    let message = issue.message ?? 'is invalid';
    if (issue.keyword === 'enum') message = `must be one of ${(issue.params.allowedValues as unknown[]).join(', ')}`;
    return { field, message: `${field} ${message}` };
  });
}

