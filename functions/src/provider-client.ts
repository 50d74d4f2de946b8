/**
 * How the functions reach the provider: over HTTP when PROVIDER_API_URL is set (any host that speaks
 * the SPEC section 7 contract), in-process otherwise (the reference provider bundled in, on the same
 * Firestore). Either way: a request in, the HTTP status and the JSON body out.
 */
import type { ProviderRequest } from '@punter/provider/http';

export interface ProviderAnswer {
  status: number;
  body: unknown;
}

export interface ProviderClient {
  readonly mode: 'http' | 'in-process';
  call(
    req: Required<Pick<ProviderRequest, 'method' | 'path'>> & Omit<ProviderRequest, 'method' | 'path'>,
  ): Promise<ProviderAnswer>;
}

export type FetchFn = typeof fetch;

/** baseUrl ends in /api/v1 (PROVIDER_API_URL); paths are absolute ('/api/v1/...', '/games'). */
export function httpProviderClient(baseUrl: string, fetchFn: FetchFn = fetch): ProviderClient {
  const origin = baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return {
    mode: 'http',
    async call(req) {
      const url = new URL(origin + req.path);
      for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const [k, v] of Object.entries(req.headers ?? {})) if (v !== undefined) headers[k] = v;
      // The provider trusts this header only from addresses in its PROVIDER_TRUSTED_PROXIES.
      if (req.source !== undefined) headers['x-forwarded-for'] = req.source;
      const init: RequestInit = { method: req.method, headers };
      if (req.body !== undefined && req.method !== 'GET') {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(req.body);
      }
      const res = await fetchFn(url, init);
      const text = await res.text();
      let body: unknown;
      try {
        body = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        body = { status: false, message: 'The provider answered something that is not JSON', error: [] };
      }
      return { status: res.status, body };
    },
  };
}

/** The reference provider in-process, created on first use. */
export function inProcessProviderClient(
  load: () => Promise<{ handle(req: ProviderRequest): Promise<{ status: number; body: unknown }> }>,
): ProviderClient {
  let provider: ReturnType<typeof load> | null = null;
  return {
    mode: 'in-process',
    async call(req) {
      provider ??= load();
      const p = await provider;
      const answer = await p.handle(req);
      return { status: answer.status, body: answer.body };
    },
  };
}
