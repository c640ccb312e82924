import type { RequestBody, RequestQuery, RequestSchema } from '@jara/shared';
import { t } from '../i18n';

/** The one way the web app talks to the API: same origin, cookies included, one error type. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(message: string, status: number, code = 'error') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

interface Envelope {
  success?: boolean;
  message?: string;
  code?: string;
}

interface RequestOptions {
  /** Return `{ success: false }` answers with status 200 instead of throwing (e.g. is-auth for guests). */
  allowUnsuccessful?: boolean;
  signal?: AbortSignal;
}

/**
 * Requests typed by the shared schemas the server validates them with: a JSON body or a query
 * names its schema (`api.post<CheckoutAnswer, typeof CheckoutInput>(path, body)`), so a call the
 * server would refuse does not compile. Without a schema a call sends no body, or a FormData.
 */
export interface Api {
  get<T>(path: string, opts?: RequestOptions): Promise<T>;
  get<T, S extends RequestSchema = never>(
    path: string,
    opts: RequestOptions & { query: NoInfer<RequestQuery<S>> },
  ): Promise<T>;
  post<T>(path: string, body?: FormData, opts?: RequestOptions): Promise<T>;
  post<T, S extends RequestSchema = never>(
    path: string,
    body: NoInfer<RequestBody<S>>,
    opts?: RequestOptions,
  ): Promise<T>;
  put<T, S extends RequestSchema = never>(
    path: string,
    body: NoInfer<RequestBody<S>>,
    opts?: RequestOptions,
  ): Promise<T>;
  delete<T, S extends RequestSchema = never>(
    path: string,
    body: NoInfer<RequestBody<S>>,
    opts?: RequestOptions,
  ): Promise<T>;
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where requests go. The browser uses fetch; the server-side renderer points this at the API's
 * own routes in-process (entry-server.tsx), so a rendered page reads exactly what the API answers.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: opts.signal,
  };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  let res: Response;
  try {
    res = await transport(path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(t('common', 'common.networkError'), 0, 'network_error');
  }
  let data: (Envelope & T) | null = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text) as Envelope & T;
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    throw new ApiError(
      data?.message || res.statusText || t('common', 'msg.somethingWrong'),
      res.status,
      data?.code ?? 'http_error',
    );
  }
  if (data === null) throw new ApiError(t('common', 'common.badAnswer'), res.status, 'bad_response');
  if (data.success === false && !opts.allowUnsuccessful) {
    throw new ApiError(data.message || t('common', 'msg.somethingWrong'), res.status, data.code ?? 'unsuccessful');
  }
  return data;
}

/** A query's text, leaving out what is unset or empty (the schema's default, or no filter). */
export function searchParams(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  return params.toString();
}

function withQuery(path: string, query: object | undefined): string {
  const qs = query ? searchParams(query) : '';
  return qs ? `${path}?${qs}` : path;
}

export const api: Api = {
  get: <T>(path: string, opts?: RequestOptions & { query?: object }) =>
    request<T>('GET', withQuery(path, opts?.query), undefined, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body ?? {}, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
  delete: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('DELETE', path, body, opts),
};

/**
 * The message to show for any thrown value (SPEC §8: server message, else error message); the
 * fallback is the spec's "Something went wrong" in the current language.
 */
export function errorMessage(err: unknown, fallback?: string): string {
  if (err instanceof Error && err.message) return err.message;
  return fallback ?? t('common', 'msg.somethingWrong');
}
