/**
 * What a fake server may answer: the body the real server would send for that call, as the
 * contract's response schema describes it on the wire. A fake that answers otherwise is a test of a
 * server that does not exist; the check makes it fail, so a change of a server answer fails the web
 * tests that fake it.
 */
import { ALL_ENDPOINTS, type EndpointDef, endpointKey, errorResponseSchema } from '@guichet/contract';
import { z } from 'zod';

/**
 * The schema of what travels: a Date as its ISO text (JSON.stringify), an object with its declared
 * fields only (the server's serialiser drops any other, so a page cannot rely on one).
 */
function wire(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => wire(def[key] as z.ZodType);
  switch (def.type) {
    case 'date':
      return z.iso.datetime();
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, wire(v)]),
      );
      return def.catchall ? z.object(shape).catchall(wire(def.catchall as z.ZodType)) : z.strictObject(shape);
    }
    case 'array':
      return z.array(inner('element'));
    case 'nullable':
      return inner('innerType').nullable();
    case 'optional':
      return inner('innerType').optional();
    case 'record':
      return z.record(def.keyType as z.ZodString, inner('valueType'));
    case 'union':
      return z.union((def.options as z.ZodType[]).map(wire) as [z.ZodType, ...z.ZodType[]]);
    case 'string':
    case 'number':
    case 'boolean':
    case 'literal':
    case 'enum':
    case 'null':
    case 'unknown':
      return schema;
    default:
      // A kind of schema this check does not know yet: say so rather than let any answer through.
      throw new Error(`contract-check : type de schéma « ${def.type} » non géré`);
  }
}

const wireSchemas = new WeakMap<z.ZodType, z.ZodType>();
const wireOf = (schema: z.ZodType) => {
  let w = wireSchemas.get(schema);
  if (!w) {
    w = wire(schema);
    wireSchemas.set(schema, w);
  }
  return w;
};

/** Each endpoint with its path as a pattern; a literal segment wins over a parameter (`/list` before `/:id`). */
const routeOf = (e: EndpointDef) => ({
  e,
  params: (e.path.match(/:/g) ?? []).length,
  pattern: new RegExp(`^${e.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`),
});
const routes = ALL_ENDPOINTS.map(routeOf).sort((a, b) => a.params - b.params);

/**
 * An endpoint a test declares for itself (a form hook tried on a made-up call): its fake answers are
 * held to its own schemas, as a contract endpoint's are.
 */
export function testEndpoint<E extends EndpointDef>(e: E): E {
  if (!routes.some((r) => r.e === e)) {
    routes.push(routeOf(e));
    routes.sort((a, b) => a.params - b.params);
  }
  return e;
}

/** The contract's endpoint a request reaches, if any. */
export function endpointOf(method: string, url: string): EndpointDef | undefined {
  const path = new URL(url, 'http://localhost').pathname;
  return routes.find((r) => r.e.method === method && r.pattern.test(path))?.e;
}

/**
 * Why this answer could not come from the server, or null. Only JSON answers are checked (a CSV
 * or a logo is not); an error status the endpoint does not declare (401, 403, 429, 500) is the
 * server's common error shape.
 */
export async function contractProblem(method: string, url: string, res: Response): Promise<string | null> {
  const path = new URL(url, 'http://localhost').pathname;
  const e = endpointOf(method, url);
  const where = `${method} ${path}`;
  if (!e) return path.startsWith('/api/') ? `${where} : aucun point d’accès du contrat` : null;
  if (!res.headers.get('content-type')?.includes('json')) return null;
  const declared = e.response?.[res.status];
  const schema = declared ?? (res.status >= 400 ? errorResponseSchema : undefined);
  if (!schema) {
    return e.response ? `${where} (${endpointKey(e)}) : le contrat ne déclare pas de réponse ${res.status}` : null;
  }
  const body: unknown = await res.clone().json();
  const parsed = wireOf(schema).safeParse(body);
  if (parsed.success) return null;
  return `${where} (${endpointKey(e)}) : la réponse ${res.status} du faux serveur ne suit pas le contrat\n${z.prettifyError(parsed.error)}`;
}
