/**
 * Prometheus metrics (issue 42): behind a token, by route pattern (never a raw path), with the
 * pool and the database's queues and outcomes.
 */
import { describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';

const TOKEN = 'metrics-token-'.padEnd(40, '7f3a9c');
const h = await startHarness({ METRICS_TOKEN: TOKEN });

const scrape = (token?: string) =>
  h.call('GET', '/metrics', token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe('/metrics', () => {
  it('answers only the token', async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape(`${TOKEN}x`)).status).toBe(404);
    const answer = await scrape(TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('counts requests by route pattern and status, and reads the pool and the eSign queues', async () => {
    for (const id of ['AAAA', 'BBBB', 'CCCC'])
      expect((await h.call('GET', `/api/v1/esign/my/payment/status/${id}`)).status).toBeGreaterThan(
        399,
      );
    const text = (await scrape(TOKEN)).body as string;
    // One series for the three addresses, named by their pattern.
    expect(text).toMatch(
      /tawqi_http_requests_total\{method="GET",route="\/api\/v1\/esign\/my\/payment\/status\/:encodedPaymentSlno",status="401"\} 3/,
    );
    expect(text).not.toContain('AAAA');
    expect(text).toMatch(/tawqi_http_request_duration_seconds_bucket\{le="0\.005",method="GET"/);
    expect(text).toMatch(/tawqi_db_pool_clients\{state="open"\} [1-9]/);
    expect(text).toMatch(/tawqi_esign_transactions\{status="success"\} \d+/);
    expect(text).toMatch(/tawqi_nodejs_eventloop_lag_seconds \d/);
  });
});
