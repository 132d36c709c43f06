import type { FastifySchemaCompiler } from 'fastify';
import { compileBodyValidator, compileTextValidator } from '../../platform/validation/schema-validator.js';

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  httpPart === 'body' ? compileBodyValidator(schema) : compileTextValidator(schema);

/**
 * For bulk endpoints whose items are checked one by one: the body is held only to its
 * envelope (so one bad item never fails the request), every other part to its schema.
 */
export function envelopeOnly(envelope: object): FastifySchemaCompiler<object> {
  const validateEnvelope = compileBodyValidator(envelope);
  return (route) => (route.httpPart === 'body' ? validateEnvelope : validatorCompiler(route));
}
