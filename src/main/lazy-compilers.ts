import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyInstance, FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];
type Serializer = (data: unknown) => string;
type Validator = ((data: unknown, context?: object) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/**
 * Route schemas compiled when a route first needs them rather than at start. Fastify compiles
 * every request and response schema of every route as the application is built, and each
 * response build validates and indexes all the shared schemas again: about a second and a half
 * of CPU on every start and in every test file, for functions most processes never call. What
 * a route gets is what Fastify would have built (same compilers, same shared schemas), later.
 * `compileEverySchema(app)` builds those not built yet, so that a broken schema still fails a
 * test (test/main/server.test.ts) rather than a first request.
 */
export function lazyCompilers() {
  const pending = new Map<() => unknown, string>();
  function later<T>(what: string, compile: () => T): () => T {
    let built: T | undefined;
    const build = () => {
      pending.delete(build);
      return (built ??= compile());
    };
    pending.set(build, what);
    return build;
  }

  const factory = SerializerSelector();
  const buildSerializer: SerializerFactory = (externalSchemas, options) => (route) => {
    // A compiler of its own for each schema: the default one drops a response schema's own $id
    // from the shared schemas it keeps, so compiled in another order than the routes' a later
    // schema would miss it ("Cannot resolve ref").
    const compile = () => factory(externalSchemas as never, options as never)(route as never) as Serializer;
    const serializer = later(`${route.method} ${route.url} response ${route.httpStatus}`, compile);
    return (data: unknown) => serializer()(data);
  };

  /** Ajv's validate functions carry their errors and schema environment as properties, which Fastify reads. */
  const validator =
    (compile: FastifySchemaCompiler<object>): FastifySchemaCompiler<object> =>
    (route) => {
      const validate = later(`${route.method} ${route.url} ${route.httpPart}`, () => compile(route) as Validator);
      const lazy: Validator = (data, context) => validate()(data, context);
      Object.defineProperty(lazy, 'errors', { get: () => validate().errors });
      Object.defineProperty(lazy, 'schemaEnv', { get: () => validate().schemaEnv });
      return lazy as ReturnType<FastifySchemaCompiler<object>>;
    };

  return {
    buildSerializer,
    validator,
    remember(app: FastifyInstance) {
      compilers.set(app, () => {
        const failures: string[] = [];
        for (const [build, what] of [...pending]) {
          try {
            build();
          } catch (error) {
            failures.push(`${what}: ${(error as Error).message}`);
          }
        }
        if (failures.length > 0) throw new Error(`route schemas that do not compile:\n${failures.join('\n')}`);
      });
    },
  };
}

const compilers = new WeakMap<FastifyInstance, () => void>();

/** Builds every route schema of `app` not built yet (what Fastify does at start by default); throws naming those that do not compile. */
export function compileEverySchema(app: FastifyInstance) {
  compilers.get(app)?.();
}
