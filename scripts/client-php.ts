/**
 * The PHP client's operation list, generated from the OpenAPI description the service serves:
 * `npm run client:php` rewrites packages/php-client/src/Operations.php, a trait of one method per
 * operation with PHPDoc array shapes; `npm test` fails when the checked-in file differs from what
 * the live description generates (test/php-client/operations.test.ts).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { servedOpenApi } from './client-types.js';
import { docblock, LINE_WIDTH, typeTag, wrap } from './client-php/layout.js';
import {
  aliasesOf,
  isSchema,
  name,
  phpType,
  union,
  type Aliases,
  type PhpType,
  type Schema,
  type ShapeField,
} from './client-php/php-types.js';

// From the repository root, where npm runs its scripts and the suite runs (this module is also compiled into .tmp/suite/).
export const PHP_OPERATIONS_FILE = resolve('packages/php-client/src/Operations.php');

/** Probes for load balancers: they take no key, a client has no use for them. */
const UNLISTED = new Set(['healthz', 'readyz']);
/** The Client's hand-written helpers own these names (a generator over pages, a file upload). */
export const RENAMED: Readonly<Record<string, string>> = { listLeads: 'listLeadsPage', importPoliris: 'importPolirisRequest' };
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const IDEMPOTENCY_HEADER = 'idempotency-key';
const METHOD_INDENT = '    ';
const METHOD_DOC_PREFIX = METHOD_INDENT.length + ' * '.length;
const METHOD_TEXT_WIDTH = LINE_WIDTH - METHOD_DOC_PREFIX;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  method: string;
  path: string;
  operationId: string;
  summary?: string;
  description?: string;
  parameters: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export const phpMethodName = (operationId: string): string => RENAMED[operationId] ?? operationId;

/** The operations a client calls, in the description's order; path-level parameters merged into each. */
export function listedOperations(document: object): Operation[] {
  const paths = (document as { paths?: Record<string, Schema> }).paths ?? {};
  return Object.entries(paths).flatMap(([path, item]) => {
    const shared = Array.isArray(item.parameters) ? (item.parameters as Parameter[]) : [];
    return HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      if (!isSchema(operation) || typeof operation.operationId !== 'string' || UNLISTED.has(operation.operationId)) return [];
      const own = Array.isArray(operation.parameters) ? (operation.parameters as Parameter[]) : [];
      const overridden = new Set(own.map((parameter) => `${parameter.in} ${parameter.name}`));
      const parameters = [...shared.filter((parameter) => !overridden.has(`${parameter.in} ${parameter.name}`)), ...own];
      return [
        {
          ...(operation as unknown as Operation),
          method,
          path,
          parameters,
          responses: (operation.responses ?? {}) as Operation['responses'],
        },
      ];
    });
  });
}

const phpVariable = (parameterName: string) => parameterName.replace(/[^A-Za-z0-9_]/gu, '_').replace(/^(?=\d)/u, '_');
const phpString = (text: string) => `'${text.replace(/[\\']/gu, (character) => `\\${character}`)}'`;

/** The path parameters in the order the path names them. */
function pathParameters(operation: Operation): Parameter[] {
  return [...operation.path.matchAll(/\{([^}]+)\}/gu)].map(
    ([, parameterName]) =>
      operation.parameters.find((parameter) => parameter.in === 'path' && parameter.name === parameterName) ?? {
        name: parameterName!,
        in: 'path',
      },
  );
}

/** `'/v1/leads/' . rawurlencode($leadId)`: a parameter can never add a segment or a query to the path. */
export function pathExpression(path: string): string {
  return path
    .split(/\{([^}]+)\}/u)
    .map((piece, index) => (index % 2 === 1 ? `rawurlencode($${phpVariable(piece)})` : piece === '' ? null : phpString(piece)))
    .filter((piece): piece is string => piece !== null)
    .join(' . ');
}

function queryShape(operation: Operation, aliases: Aliases): ShapeField | null {
  const query = operation.parameters.filter((parameter) => parameter.in === 'query');
  if (query.length === 0) return null;
  // A parameter with a default is one the caller may leave out, whatever `required` says.
  const fields = query.map((parameter) => ({
    key: parameter.name,
    optional: !parameter.required || parameter.schema?.default !== undefined,
    type: phpType(parameter.schema, aliases),
  }));
  return { key: 'query', optional: fields.every((field) => field.optional), type: { kind: 'shape', fields } };
}

function bodyField(operation: Operation, aliases: Aliases): ShapeField | null {
  const content = operation.requestBody?.content;
  if (!content) return null;
  const json = content['application/json'];
  // Any other media type is a file, sent as the raw string of its bytes.
  const type = json ? phpType(json.schema, aliases) : name('string');
  return { key: 'body', optional: operation.requestBody?.required !== true, type };
}

export function optionsType(operation: Operation, aliases: Aliases): PhpType {
  const fields: ShapeField[] = [];
  const query = queryShape(operation, aliases);
  if (query) fields.push(query);
  const body = bodyField(operation, aliases);
  if (body) fields.push(body);
  if (operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === IDEMPOTENCY_HEADER)) {
    fields.push({ key: 'idempotencyKey', optional: true, type: name('string') });
  }
  fields.push({ key: 'headers', optional: true, type: name('array<string, string>') });
  return { kind: 'shape', fields };
}

/** The decoded 2xx answers; an answer without a body decodes to null. */
export function returnType(operation: Operation, aliases: Aliases): PhpType {
  const successes = Object.keys(operation.responses)
    .filter((status) => /^2\d\d$/u.test(status))
    .sort();
  if (successes.length === 0) return name('mixed');
  return union(
    successes.map((status) => {
      const content = operation.responses[status]?.content;
      if (!content) return name('null');
      return content['application/json'] ? phpType(content['application/json'].schema, aliases) : name('string');
    }),
  );
}

function summaryAndDetail(operation: Operation): [string, string] {
  const description = (operation.description ?? '').trim();
  if (operation.summary) return [operation.summary.trim(), description];
  const [first = '', ...rest] = description.split(/(?<=[.!?])\s+/u);
  return [first, rest.join(' ')];
}

function methodDocblock(operation: Operation, aliases: Aliases): string {
  const [summary, detail] = summaryAndDetail(operation);
  const entries = [...wrap(summary, METHOD_TEXT_WIDTH)];
  if (detail !== '') entries.push('', ...wrap(detail, METHOD_TEXT_WIDTH));
  const headers = operation.parameters.filter(
    (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() !== IDEMPOTENCY_HEADER,
  );
  for (const header of headers) {
    entries.push('', ...wrap(`Header ${header.name} (in \`headers\`): ${header.description ?? ''}`.trim(), METHOD_TEXT_WIDTH));
  }
  entries.push('');
  for (const parameter of pathParameters(operation)) {
    entries.push(...wrap(`@param string $${phpVariable(parameter.name)} ${parameter.description ?? ''}`.trim(), METHOD_TEXT_WIDTH, '    '));
  }
  entries.push(typeTag('@param', optionsType(operation, aliases), '$options', METHOD_DOC_PREFIX));
  entries.push(typeTag('@return', returnType(operation, aliases), '', METHOD_DOC_PREFIX));
  entries.push('@throws ApiException');
  return docblock(entries, METHOD_INDENT);
}

/** One statement on one line when it fits, else its arguments one a line (PSR-12). */
function callOrList(head: string, args: string[], end: string, indent: string): string {
  const oneLine = `${indent}${head}(${args.join(', ')})${end}`;
  if (oneLine.length <= LINE_WIDTH) return oneLine;
  return `${indent}${head}(\n${args.map((arg) => `${indent}${METHOD_INDENT}${arg}`).join(',\n')}\n${indent})${end}`;
}

function phpMethod(operation: Operation, aliases: Aliases): string {
  const parameters = [...pathParameters(operation).map((parameter) => `string $${phpVariable(parameter.name)}`), 'array $options = []'];
  const signature = callOrList(`public function ${phpMethodName(operation.operationId)}`, parameters, ': mixed', METHOD_INDENT);
  // PSR-12: the brace follows a multi-line signature's closing parenthesis on its line.
  const opening = signature.includes('\n') ? `${signature} {` : `${signature}\n${METHOD_INDENT}{`;
  const callArguments = [phpString(operation.method.toUpperCase()), pathExpression(operation.path), '$options'];
  const call = callOrList('return $this->request', callArguments, ';', METHOD_INDENT.repeat(2));
  return `${methodDocblock(operation, aliases)}\n${opening}\n${call}\n${METHOD_INDENT}}`;
}

function aliasDefinitions(components: Record<string, Schema>, aliases: Aliases): string[] {
  return Object.entries(components).flatMap(([alias, schema]) => [
    '',
    typeTag(`@phpstan-type ${alias}`, phpType(schema, aliases, true), '', 3),
  ]);
}

const HEADER = `<?php

/**
 * Generated from the listing-sync OpenAPI description by \`npm run client:php\`: do not edit.
 * Regenerate it at the repository root when the service's operations or schemas change.
 */

declare(strict_types=1);

namespace ListingSync;
`;

export function phpOperations(document: object): string {
  const components = ((document as { components?: { schemas?: Record<string, Schema> } }).components?.schemas ?? {}) as Record<
    string,
    Schema
  >;
  const aliases = aliasesOf(components);
  const traitDoc = docblock(
    [
      "The service's operations, one method each, named after their operationId; each one is a call to request().",
      'The array shapes are those of the OpenAPI description: what the options carry, what the answer decodes to.',
      ...aliasDefinitions(components, aliases),
    ],
    '',
  );
  const abstractRequest = `${METHOD_INDENT}abstract public function request(string $method, string $path, array $options = []): mixed;`;
  const methods = listedOperations(document).map((operation) => phpMethod(operation, aliases));
  return `${HEADER}\n${traitDoc}\ntrait Operations\n{\n${[abstractRequest, ...methods].join('\n\n')}\n}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(PHP_OPERATIONS_FILE, phpOperations(await servedOpenApi()));
  console.log(`wrote ${PHP_OPERATIONS_FILE}`);
}
