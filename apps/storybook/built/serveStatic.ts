// The built Storybook served as a reviewer would serve its folder: static files on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

export async function serveStatic(folder: string): Promise<{ origin: string; server: Server }> {
  const serve = sirv(folder, { dev: false });
  const server = createServer((request, response) => {
    serve(request, response, () => {
      response.statusCode = 404;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, server };
}
