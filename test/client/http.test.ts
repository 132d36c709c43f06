import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createListingSyncClient } from '@listing-sync/client';

/**
 * The client refuses what it cannot work with before any request, as the PHP client does: an
 * empty key (an unset variable would go out as `Bearer undefined`) and a base URL without its
 * scheme or host.
 */
test('an empty key or a base URL without its scheme is refused before any request', async () => {
  const requests: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    requests.push(input instanceof Request ? input.url : String(input));
    return new Response('{}', { headers: { 'content-type': 'application/json' } });
  };
  const key = 'svc_pk_TEST_0123456789abcdefghijABCDEFGHIJ0123456789';
  for (const empty of ['', '   ', undefined, 'svc_pk_TEST_ abc'])
    assert.throws(() => createListingSyncClient({ key: empty as string, fetch }), /The key is empty or holds spaces/, String(empty));
  for (const baseUrl of ['localhost:8080', '127.0.0.1:8080', 'ftp://example.org', 'http://', 'https://api.example/?x=1'])
    assert.throws(
      () => createListingSyncClient({ key, baseUrl, fetch }),
      /The base URL must be an http:\/\/ or https:\/\/ address with a host, such as http:\/\/127\.0\.0\.1:8080; got "/,
      baseUrl,
    );
  assert.deepEqual(requests, []);

  const client = createListingSyncClient({ key, baseUrl: 'https://api.example/', sandbox: true, fetch });
  assert.equal(client.baseUrl, 'https://api.example/sandbox');
  await client.GET('/v1/me');
  assert.deepEqual(requests, ['https://api.example/sandbox/v1/me']);
});
