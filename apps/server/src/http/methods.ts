/**
 * Which methods an address takes, kept as routes are added, so that a wrong method is answered
 * 405 with `Allow` (RFC 9110 §15.5.6) rather than 404, and TRACE and CONNECT always 405 (issue
 * 41). find-my-way is the router Fastify itself uses: a path matches here as it does there.
 */
import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

const METHODS: readonly HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Call before any route is added; answers the methods that `url` takes. */
export function routeMethods(app: FastifyInstance): (url: string) => HTTPMethod[] {
  const router = FindMyWay();
  const added = new Set<string>();
  app.addHook('onRoute', (route) => {
    // CORS answers OPTIONS for every address: not what an address takes.
    if (route.url === '*' || route.url === '/*') return;
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      if (added.has(key) || !METHODS.includes(method as HTTPMethod)) continue;
      added.add(key);
      router.on(method as HTTPMethod, route.url, () => undefined);
    }
  });
  return (url) => {
    const path = url.split('?', 1)[0] ?? '/';
    return METHODS.filter((method) => router.find(method, path) !== null);
  };
}
