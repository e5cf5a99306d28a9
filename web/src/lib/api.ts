import type {
  EndpointBody,
  EndpointDef,
  EndpointQuery,
  EndpointResponse,
  FieldError,
  HasPathParams,
  HONEYPOT_FIELD,
  PathParams,
  sessionEndpoints,
} from '@guichet/contract';
import { fillPath } from '@guichet/contract/pages';
import { toQuery } from './query-string.ts';
import { rememberReturn } from './retour.ts';

/**
 * The two session addresses this file needs, held to the contract's by the compiler: importing the
 * session group would bring its schemas, and zod, into every page that calls the server.
 */
const LOGOUT = { path: '/logout' } as const satisfies Pick<typeof sessionEndpoints.logout, 'path'>;
const LOGIN = { method: 'POST', path: '/api/login' } as const satisfies Pick<
  typeof sessionEndpoints.login,
  'method' | 'path'
>;

/** A refused call: the HTTP status, the server's French message and its field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
  /** The error text for one field, to show under it. */
  field(key: string) {
    return this.errors.find((e) => e.key === key)?.error;
  }
}

/**
 * Where a 401 sends the browser: the session is gone. A 403 (logged in, right missing or withdrawn)
 * is an ApiError like any other: the admin shell shows its "Accès refusé" page, the session stays.
 */
export const DENIED_URL = `${LOGOUT.path}?refus=1`;

/** A call that never reached the server (no network, server down). */
export const UNREACHABLE = 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.';

async function request<T>(method: string, url: string, opts: { body?: unknown; form?: FormData; login?: boolean }) {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers:
        opts.body !== undefined
          ? { 'content-type': 'application/json', accept: 'application/json' }
          : { accept: 'application/json' },
      body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  const data = res.headers.get('content-type')?.includes('json') ? await res.json().catch(() => undefined) : undefined;
  if (res.status === 401 && !opts.login) {
    // After signing in again, the agent comes back here (the page's unsaved edits are kept: lib/draft.ts).
    rememberReturn();
    window.location.assign(DENIED_URL);
    // The page is leaving: never resolve, so no screen flashes an error meanwhile.
    return new Promise<T>(() => {});
  }
  if (!res.ok) {
    const body = (data ?? {}) as { message?: string; error?: string; errors?: FieldError[] };
    throw new ApiError(res.status, body.message ?? body.error ?? 'Une erreur est survenue', body.errors ?? [], data);
  }
  return data as T;
}

/** A public form's trap field travels with its body (platform/public-form.ts on the server). */
type Honeypot = { [HONEYPOT_FIELD]?: string };

/** What a call of this endpoint takes: its path parameters, query, JSON body or multipart form. */
export type CallArgs<E extends EndpointDef> = (HasPathParams<E> extends true
  ? { params: PathParams<E> }
  : { params?: undefined }) &
  ([EndpointQuery<E>] extends [never] ? unknown : { query?: EndpointQuery<E> }) &
  ([EndpointBody<E>] extends [never] ? unknown : { body: EndpointBody<E> & Honeypot }) &
  (E['multipart'] extends true ? { form: FormData } : unknown);
type ArgsOf<E extends EndpointDef> = object extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/**
 * An endpoint known by its method and path alone, typed by its declaration in the contract
 * (`import type`): for a page that must not download the table's schemas, and zod with them (the
 * public directory). `addressOf<typeof group.name>({ method, path })` is refused by the compiler
 * unless both are the declaration's own.
 */
export type Address<E extends EndpointDef> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly endpoint?: E;
};
export const addressOf = <E extends EndpointDef>(address: { method: E['method']; path: E['path'] }): Address<E> =>
  address;

type Args<E extends EndpointDef> = { params?: PathParams<E>; query?: object; body?: unknown; form?: FormData };

function send<T>(method: string, path: string, a: Args<EndpointDef>) {
  const body = a.body ?? (method === 'GET' || a.form ? undefined : {});
  // A refused login is an answer to show, not a lost session.
  const login = method === LOGIN.method && path === LOGIN.path;
  return request<T>(method, urlOf(path, a), { body, form: a.form, login });
}

function urlOf(path: string, args: { params?: object; query?: object }) {
  const q = toQuery(args.query);
  return `${fillPath(path, (args.params ?? {}) as Record<string, string | number>)}${q ? `?${q}` : ''}`;
}

/**
 * Calls an endpoint of the contract's table: the path, method and types all come from its
 * declaration, so no path is written twice and the answer is typed as it travels (dates as strings).
 */
export function call<E extends EndpointDef>(endpoint: E, ...[args]: ArgsOf<E>): Promise<EndpointResponse<E>> {
  return send<EndpointResponse<E>>(endpoint.method, endpoint.path, (args ?? {}) as Args<E>);
}

/** `call` by an endpoint's address (`addressOf`), typed the same. */
export function callAddress<E extends EndpointDef>(
  address: Address<E>,
  ...[args]: ArgsOf<E>
): Promise<EndpointResponse<E>> {
  return send<EndpointResponse<E>>(address.method, address.path, (args ?? {}) as Args<E>);
}

/** The address of an endpoint (a CSV export, a logo) with its parameters, for a download or an image. */
export function endpointUrl<E extends EndpointDef>(
  endpoint: E | Address<E>,
  args: { params?: PathParams<E>; query?: object } = {},
) {
  return urlOf(endpoint.path, args);
}
