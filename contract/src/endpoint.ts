import type { z } from 'zod';
import { fillPath } from './pages.ts';
import type { ACCESS } from './reference.ts';

/**
 * Who may call an endpoint: anyone (`public`), the holder of a personal link (`token`: anyone may
 * call, the handler checks the token), any logged-in agent (`connecte`) or the agents of an admin
 * area (docs/spec/decisions.md §4). Every `/api/admin` endpoint names an agent access, and only those do.
 */
export type Access = 'public' | 'token' | 'connecte' | keyof typeof ACCESS;
export type Method = 'GET' | 'POST' | 'PUT';

export type EndpointDef = {
  method: Method;
  /** The full path as the browser calls it, `:name` for each path parameter. */
  path: `/${string}`;
  access: Access;
  summary?: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart body (a logo): the handler reads the file. */
  multipart?: true;
  /** The answers by HTTP status; `200` is what a successful call returns. */
  response?: { readonly [status: number]: z.ZodType };
  /** A file answer (CSV, image) instead of JSON. */
  produces?: readonly string[];
  /** Open to an agent whose generated password must be changed (the change itself). */
  whilePasswordToChange?: true;
  /** Left out of the API's documentation (a browser navigation, not a call). */
  hidden?: true;
};

/** Declares an endpoint; `const` keeps its path and schemas literal for the types below. */
export const endpoint = <const E extends EndpointDef>(e: E): E => e;

type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

/** The path parameters of an endpoint, as the caller gives them. */
export type PathParams<E extends EndpointDef> = { [K in ParamNames<E['path']>]: string | number };
export type HasPathParams<E extends EndpointDef> = [ParamNames<E['path']>] extends [never] ? false : true;

/** What JSON makes of a value: every Date travels as an ISO string. The one wire type. */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

export type EndpointQuery<E extends EndpointDef> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
export type EndpointBody<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
/** What a successful call returns to the browser. */
export type EndpointResponse<E extends EndpointDef> = E['response'] extends { 200: infer S extends z.ZodType }
  ? Wire<z.output<S>>
  : unknown;

/** The endpoint's path with its parameters filled in (each one URL-encoded). */
export const endpointPath = <E extends EndpointDef>(e: E, params?: PathParams<E>): string =>
  fillPath(e.path, (params ?? {}) as Record<string, string | number>);

/** `GET /api/…`: how tests, logs and the access matrix name an endpoint. */
export const endpointKey = (e: Pick<EndpointDef, 'method' | 'path'>) => `${e.method} ${e.path}`;
