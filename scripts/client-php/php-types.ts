/**
 * JSON Schemas of the OpenAPI description as PHPStan/Psalm types: objects become array shapes,
 * arrays lists, enums literal unions. Only the description's own vocabulary is mapped; anything
 * the PHP side could not check precisely anyway becomes `array<string, mixed>` or `mixed`.
 */

export type PhpType =
  | { kind: 'name'; text: string }
  | { kind: 'union'; members: PhpType[] }
  | { kind: 'list'; item: PhpType }
  | { kind: 'map'; value: PhpType }
  | { kind: 'shape'; fields: ShapeField[] };

export interface ShapeField {
  key: string;
  optional: boolean;
  type: PhpType;
}

export type Schema = Record<string, unknown>;

/** The component schemas that become `@phpstan-type` aliases, and how to recognise them inlined. */
export interface Aliases {
  /** Alias name by component name (`#/components/schemas/Name`). */
  names: Set<string>;
  /** Alias name by the signature of its properties and required ones (see objectSignature). */
  bySignature: Map<string, string>;
}

export const name = (text: string): PhpType => ({ kind: 'name', text });
const MIXED = name('mixed');
const OPEN_ARRAY = name('array<string, mixed>');
const SCALARS: Record<string, PhpType> = {
  string: name('string'),
  integer: name('int'),
  number: name('float|int'),
  boolean: name('bool'),
  null: name('null'),
};
const COMPONENT_PREFIX = '#/components/schemas/';

export function aliasesOf(components: Record<string, Schema>): Aliases {
  const bySignature = new Map<string, string>();
  for (const [alias, schema] of Object.entries(components)) {
    const signature = objectSignature(schema);
    // A signature two components share names neither: a match must be unambiguous.
    if (signature !== null) bySignature.set(signature, bySignature.has(signature) ? '' : alias);
  }
  return { names: new Set(Object.keys(components)), bySignature };
}

/**
 * Fastify's swagger may copy a component into an operation instead of referring to it: the same
 * property names with the same required ones are taken for that component.
 */
function objectSignature(schema: Schema): string | null {
  const properties = schema.properties;
  if (!isSchema(properties) || Object.keys(properties).length === 0) return null;
  // A nullable object is that component or null: the union is built from its types.
  if (schema.type !== undefined && schema.type !== 'object') return null;
  const required = Array.isArray(schema.required) ? [...(schema.required as string[])].sort() : [];
  return `${Object.keys(properties).sort().join(',')}|${required.join(',')}`;
}

/** `root` is set when the schema is the component being defined, which must not name itself. */
export function phpType(schema: unknown, aliases: Aliases, root = false): PhpType {
  if (!isSchema(schema)) return MIXED;
  const reference = typeof schema.$ref === 'string' ? schema.$ref : null;
  if (reference !== null) {
    const alias = reference.startsWith(COMPONENT_PREFIX) ? reference.slice(COMPONENT_PREFIX.length) : '';
    return aliases.names.has(alias) ? name(alias) : MIXED;
  }
  if (!root) {
    const signature = objectSignature(schema);
    const alias = signature === null ? undefined : aliases.bySignature.get(signature);
    if (alias) return name(alias);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return union(alternatives.map((member) => phpType(member, aliases)));
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map(literal));
  if (Array.isArray(schema.type)) return union(schema.type.map((type) => phpType({ ...schema, type }, aliases, root)));
  return typed(schema, aliases);
}

function typed(schema: Schema, aliases: Aliases): PhpType {
  const type = typeof schema.type === 'string' ? schema.type : schema.properties ? 'object' : null;
  if (type === null) return MIXED;
  if (type === 'array') return { kind: 'list', item: phpType(schema.items, aliases) };
  if (type === 'object') return objectType(schema, aliases);
  return SCALARS[type] ?? MIXED;
}

function objectType(schema: Schema, aliases: Aliases): PhpType {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const keys = Object.keys(properties);
  const extra = schema.additionalProperties;
  if (keys.length === 0) {
    if (extra === false) return name('array{}');
    return isSchema(extra) ? { kind: 'map', value: phpType(extra, aliases) } : OPEN_ARRAY;
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const fields = keys.map((key) => ({ key, optional: !required.has(key), type: phpType(properties[key], aliases) }));
  return { kind: 'shape', fields };
}

/** Members flattened and deduplicated; `mixed` absorbs the others. */
export function union(members: PhpType[]): PhpType {
  const flattened = members.flatMap((member) => (member.kind === 'union' ? member.members : [member]));
  const seen = new Map<string, PhpType>();
  for (const member of flattened) seen.set(flat(member), member);
  if (seen.has('mixed')) return MIXED;
  const unique = [...seen.values()];
  return unique.length === 1 ? unique[0]! : { kind: 'union', members: unique };
}

function literal(value: unknown): PhpType {
  if (typeof value === 'string') return name(`'${value.replace(/[\\']/gu, (character) => `\\${character}`)}'`);
  if (typeof value === 'number' || typeof value === 'boolean') return name(String(value));
  return value === null ? name('null') : MIXED;
}

/** A shape key as PHPStan and Psalm both read it: bare when an identifier, quoted otherwise. */
export function shapeKey(field: ShapeField): string {
  const key = /^[A-Za-z_][A-Za-z0-9_]*$/u.test(field.key) ? field.key : `'${field.key.replace(/[\\']/gu, (c) => `\\${c}`)}'`;
  return field.optional ? `${key}?` : key;
}

/** The type on one line. */
export function flat(type: PhpType): string {
  switch (type.kind) {
    case 'name':
      return type.text;
    case 'union':
      return type.members.map(flat).join('|');
    case 'list':
      return `list<${flat(type.item)}>`;
    case 'map':
      return `array<string, ${flat(type.value)}>`;
    case 'shape':
      return `array{${type.fields.map((field) => `${shapeKey(field)}: ${flat(field.type)}`).join(', ')}}`;
  }
}

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
