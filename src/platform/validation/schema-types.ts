import { Type } from 'typebox';
import { FIELD_MESSAGE_MAX, FIELD_NAME_MAX } from './schema-validator.js';
import { ID_MAX_LENGTH, idPattern, type IdPrefix } from '../db/ids.js';

/** Schema pieces of every interface, so each bound is stated once and in the same words. */

const INT32_MAX = 2_147_483_647;

/**
 * A whole number with its bounds stated. Every count, size and version the service handles
 * fits in 32 bits; sequence numbers and Unix times that may not are int64.
 */
export const Int = (minimum: number, maximum: number, options: Record<string, unknown> = {}) =>
  Type.Integer({ format: maximum > INT32_MAX || minimum < -INT32_MAX - 1 ? 'int64' : 'int32', minimum, maximum, ...options });
/** A count or version: from 0 to the int32 maximum unless a tighter bound is known. */
export const Count = (maximum = INT32_MAX, options: Record<string, unknown> = {}) => Int(0, maximum, options);
export const UNIX_SECONDS_MAX = 253_402_300_799; // 9999-12-31T23:59:59Z
export const DateTime = (options: Record<string, unknown> = {}) => Type.String({ format: 'date-time', maxLength: 35, ...options });

/** Text the service writes (names, messages), with the bound it keeps to. */
export const Text = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ maxLength, ...options });

/** One `{field, message}` entry of a refusal; names and messages are shortened to these bounds. */
export const FieldErrorSchema = Type.Object({ field: Text(FIELD_NAME_MAX), message: Text(FIELD_MESSAGE_MAX) });

/**
 * One of the service's own ids (`lst_…`, `agc_…`), as a schema: its prefix's pattern and the
 * longest id accepted back. `minLength` only where a published schema has always stated it.
 */
export const IdString = (prefix: IdPrefix, options: { description?: string; minLength?: number } = {}) =>
  Type.String({
    pattern: idPattern(prefix),
    ...(options.minLength === undefined ? {} : { minLength: options.minLength }),
    maxLength: ID_MAX_LENGTH,
    ...(options.description === undefined ? {} : { description: options.description }),
  });
