import type { ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { bodyAjv, textAjv } from '../validation/schema-validator.js';

const cache = new WeakMap<object, ValidateFunction>();

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  const cached = httpPart === 'body' ? cache.get(schema) : undefined;
  const validate = cached ?? ajv.compile(schema);
  if (httpPart === 'body') cache.set(schema, validate);
  return validate;
};

/**
 * For bulk endpoints whose items are checked one by one: the body is held only to its
 * envelope (so one bad item never fails the request), every other part to its schema.
 */
export function envelopeOnly(envelope: object): FastifySchemaCompiler<object> {
  const validateEnvelope = bodyAjv.compile(envelope);
  return (route) => (route.httpPart === 'body' ? validateEnvelope : validatorCompiler(route));
}
