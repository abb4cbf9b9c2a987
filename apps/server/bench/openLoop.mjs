// An open-loop load generator for the benchmarks: requests are sent on a fixed schedule (RATE a
// second, evenly spaced), whether or not earlier ones have been answered, over keep-alive
// connections, and each one's latency is measured from the moment it was due (so a slow answer or
// a late send delays nothing else and hides nothing) and from the moment it was sent.
// autocannon's `overallRate` is neither: each connection sends back to back until it has made its
// share of the second, then waits for the next second (a closed loop in bursts), and with a rate
// it "corrects for coordinated omission" with an expected interval of Math.ceil(1 / rate) ms —
// 1 ms at any rate over 1 a second — so an answer of n ms is counted n times (autocannon 9.0.0,
// lib/httpClient.js and lib/run.js).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** The value at `fraction` (0–1) of sorted `values`. */
const at = (values, fraction) =>
  values.length ? values[Math.min(values.length - 1, Math.floor(values.length * fraction))] : NaN;
const rounded = (ms) => Math.round(ms * 10) / 10;

function summary(values) {
  values.sort((a, b) => a - b);
  return {
    p50ms: rounded(at(values, 0.5)),
    p90ms: rounded(at(values, 0.9)),
    p99ms: rounded(at(values, 0.99)),
    p999ms: rounded(at(values, 0.999)),
    maxms: rounded(values.at(-1) ?? NaN),
  };
}

/**
 * Sends `rate` requests a second for `seconds` seconds (`request`: url, method, headers, body) and
 * resolves when every one has been answered, with the latencies' percentiles from when each was
 * due (`fromDue`) and from when it was sent (`fromSent`), the requests per second and any answers
 * other than 2xx or failures.
 */
export function openLoop({ url, method = 'GET', headers = {}, body, rate, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const fromDue = [];
  const fromSent = [];
  let sent = 0;
  let answered = 0;
  let failed = 0;
  /** The failures by their status (or the network error's code). */
  const failures = {};
  const fail = (why) => {
    failed += 1;
    failures[why] = (failures[why] ?? 0) + 1;
  };
  const stalls = [];
  const payload = body === undefined ? undefined : Buffer.from(body);
  return new Promise((resolve) => {
    const start = performance.now() + 20;
    const finishOne = () => {
      answered += 1;
      if (answered === total) {
        agent.destroy();
        resolve({
          requestsPerSecond: Math.round((total / (performance.now() - start)) * 1000),
          fromDue: summary(fromDue),
          fromSent: summary(fromSent),
          failed,
          failures,
          ...(process.env.BENCH_STALLS ? { stalls } : {}),
        });
      }
    };
    const send = (due) => {
      const sentAt = performance.now();
      const request = http.request(
        url,
        {
          method,
          agent,
          headers: payload ? { ...headers, 'content-length': payload.length } : headers,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const end = performance.now();
            if (response.statusCode >= 200 && response.statusCode < 300) {
              fromDue.push(end - due);
              fromSent.push(end - sentAt);
              if (process.env.BENCH_STALLS && end - sentAt > 8)
                stalls.push([Math.round(sentAt - start), Math.round(end - sentAt)]);
            } else fail(String(response.statusCode));
            finishOne();
          });
        },
      );
      request.on('error', (error) => {
        fail(error.code ?? 'error');
        finishOne();
      });
      request.end(payload);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        send(start + sent * interval);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
}
