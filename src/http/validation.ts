import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

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

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);
const cache = new WeakMap<object, ValidateFunction>();

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  const cached = httpPart === 'body' ? cache.get(schema) : undefined;
  const validate = cached ?? ajv.compile(schema);
  if (httpPart === 'body') cache.set(schema, validate);
  return validate;
};

/** A body validator outside a route, with the same rules (batch items are checked one by one). */
export const compileBodyValidator = (schema: object) => bodyAjv.compile(schema);

/**
 * For bulk endpoints whose items are checked one by one: the body is held only to its
 * envelope (so one bad item never fails the request), every other part to its schema.
 */
export function envelopeOnly(envelope: object): FastifySchemaCompiler<object> {
  const validateEnvelope = bodyAjv.compile(envelope);
  return (route) => (route.httpPart === 'body' ? validateEnvelope : validatorCompiler(route));
}
