/** An S3-compatible bucket on loopback for the document store's tests. */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

export const S3 = {
  accessKeyId: 'TAWQITESTKEY',
  secretAccessKey: 'tawqi-test-secret',
  region: 'me-central-1',
};

/** An S3-compatible bucket on loopback: objects in memory, every request's signature checked. */
export async function fakeBucket() {
  const objects = new Map<string, Buffer>();
  /** While true, every request is refused as a bucket refuses a wrong key. */
  const refusing = { now: false };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const url = `http://${String(request.headers.host)}${request.url ?? '/'}`;
        const authorization = request.headers.authorization ?? '';
        const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
        const headers = new Headers();
        for (const name of signed) headers.set(name, String(request.headers[name] ?? ''));
        const expected = await new AwsV4Signer({
          ...S3,
          method: request.method ?? 'GET',
          url,
          headers,
          service: 's3',
          datetime: String(request.headers['x-amz-date']),
        }).authHeader();
        const hash = String(request.headers['x-amz-content-sha256']);
        if (refusing.now || authorization !== expected)
          return response.writeHead(403).end('SignatureDoesNotMatch');
        if (request.method === 'PUT' && hash !== createHash('sha256').update(body).digest('hex'))
          return response.writeHead(400).end('XAmzContentSHA256Mismatch');
        const path = new URL(url).pathname;
        if (request.method === 'PUT') objects.set(path, body);
        else if (request.method === 'DELETE') objects.delete(path);
        else if (!objects.has(path)) return response.writeHead(404).end('NoSuchKey');
        response.writeHead(request.method === 'DELETE' ? 204 : 200);
        response.end(request.method === 'GET' ? objects.get(path) : undefined);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    objects,
    refusing,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
