import { Ajv, type ValidateFunction } from 'ajv';
import { addFormats } from '../../src/platform/validation/schema-validator.js';

interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { headers?: Record<string, { required?: boolean }>; content?: Record<string, unknown> }> }>
  >;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  literalSegments: number;
}

/**
 * Checks responses against the OpenAPI description the service serves: the operation must
 * be documented, the status code listed, the content type and body match the documented
 * schema, and documented required headers be present. Sandbox paths are checked as their live twins.
 */
export class ContractChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly operations: Operation[] = [];
  private readonly validators = new Map<string, ValidateFunction>();
  readonly seen = new Set<string>();
  checked = 0;

  constructor(private readonly doc: OpenApiDoc) {
    addFormats(this.ajv);
    this.ajv.addSchema(doc as object, 'openapi');
    for (const [template, methods] of Object.entries(doc.paths)) {
      const pattern = new RegExp('^' + template.replace(/\{[^}]+\}/g, '[^/]+') + '$');
      const literalSegments = template.split('/').filter((s) => s && !s.startsWith('{')).length;
      for (const method of Object.keys(methods)) this.operations.push({ method: method.toUpperCase(), template, pattern, literalSegments });
    }
    this.operations.sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /** Documented operations, as `METHOD /path`. */
  get documented(): string[] {
    return this.operations.map((op) => `${op.method} ${op.template}`);
  }

  check(method: string, url: string, status: number, headers: Record<string, unknown>, body: string): string[] {
    // The path as the request reached the router: dot segments resolved, as the URL parser does.
    const path = new URL(url.split('?')[0]!, 'http://localhost').pathname.replace(/^\/sandbox(?=\/(v1|ingest)\/)/, '');
    if (!/^\/(v1|ingest)\/|^\/(healthz|readyz)$/.test(path)) return [];
    const op = this.operations.find((o) => o.method === method && o.pattern.test(path));
    // An undocumented method on a documented path is the 405 the description's introduction states.
    if (!op) return [401, 404, 405].includes(status) ? [] : [`${method} ${path} answered ${status} but is not documented`];
    this.checked += 1;
    this.seen.add(`${op.method} ${op.template}`);
    const where = `${method} ${op.template} → ${status}`;
    const response = this.doc.paths[op.template]![op.method.toLowerCase()]!.responses[String(status)];
    if (!response) return [`${where}: status not documented`];
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required && headers[name.toLowerCase()] === undefined) problems.push(`${where}: documented header ${name} missing`);
    }
    const contentType = String(headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const content = response.content ?? {};
    if (!(contentType in content))
      return [...problems, `${where}: content type ${contentType} not documented (${Object.keys(content).join(', ')})`];
    const pointer = ['paths', op.template, op.method.toLowerCase(), 'responses', String(status), 'content', contentType, 'schema']
      .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi#/${pointer}` });
      this.validators.set(pointer, validate);
    }
    if (!validate(JSON.parse(body))) problems.push(`${where}: body does not match: ${this.ajv.errorsText(validate.errors)}`);
    return problems;
  }
}
