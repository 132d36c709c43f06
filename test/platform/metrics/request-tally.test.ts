import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { RequestTally } from '../../../src/platform/metrics/request-tally.js';

const names = { requests: 'probe_requests_total', durations: 'probe_duration_seconds' };

test('the tally is exposed as a Prometheus counter and a cumulative histogram', async () => {
  const registry = new Registry();
  const tally = new RequestTally(registry, names, { requests: 'Requests.', durations: 'Durations.' }, [0.01, 0.1]);
  tally.add('GET', '/v1/me', 200, 0.01); // on a bound: in that bucket
  tally.add('GET', '/v1/me', 200, 0.05);
  tally.add('GET', '/v1/me', 401, 7); // past every bound: +Inf only
  tally.add('POST', '/v1/me', 201, 0.002);
  const lines = (await registry.metrics()).split('\n');
  for (const line of [
    '# TYPE probe_requests_total counter',
    'probe_requests_total{method="GET",route="/v1/me",status="200"} 2',
    'probe_requests_total{method="GET",route="/v1/me",status="401"} 1',
    'probe_requests_total{method="POST",route="/v1/me",status="201"} 1',
    '# TYPE probe_duration_seconds histogram',
    'probe_duration_seconds_bucket{le="0.01",method="GET",route="/v1/me"} 1',
    'probe_duration_seconds_bucket{le="0.1",method="GET",route="/v1/me"} 2',
    'probe_duration_seconds_bucket{le="+Inf",method="GET",route="/v1/me"} 3',
    'probe_duration_seconds_sum{method="GET",route="/v1/me"} 7.06',
    'probe_duration_seconds_count{method="GET",route="/v1/me"} 3',
    'probe_duration_seconds_bucket{le="0.01",method="POST",route="/v1/me"} 1',
  ])
    assert.ok(lines.includes(line), `${line}\nin\n${lines.join('\n')}`);
});
