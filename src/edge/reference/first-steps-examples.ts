/**
 * The two first steps of `/developers` (check the key, send a listing through v1), each written
 * three ways: curl, the TypeScript client (`@listing-sync/client`) and the PHP one
 * (`ListingSync\Client`, packages/php-client). The same text serves both languages of the page.
 *
 * Every block runs as written, in this order, on a first start
 * (test/edge/reference/first-steps.test.ts). Each language sends a listing of its own: its own
 * `externalId`, so that none overwrites another (nor the README's), and its own surface and price,
 * so that the automatic rules do not hold the second and third as likely duplicates of the first
 * (docs/decisions.md §11). Each is complete enough to be published at once (a home gives its `dpe`).
 */

export const EXAMPLE_LANGUAGES = ['curl', 'TypeScript', 'PHP'] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];

export interface Example {
  language: ExampleLanguage;
  code: string;
}

export interface FirstStepExamples {
  checkKey: Example[];
  sendListing: Example[];
}

const curlMe = (baseUrl: string) => `curl -H "Authorization: Bearer $KEY" ${baseUrl}/v1/me`;

const curlListing = (baseUrl: string) =>
  `curl -X POST ${baseUrl}/v1/listings -H "Authorization: Bearer $KEY" -H 'content-type: application/json' \\
  -d '{"externalId":"DEV-1","type":"sale","category":"apartment","title":"Studio rénové près du parc",
       "price":149000,"surface":27,"rooms":1,"city":"Lyon","postcode":"69006","dpe":"C","ges":"B"}'`;

const tsClient = (baseUrl: string) => `import { createListingSyncClient } from '@listing-sync/client';

const client = createListingSyncClient({ baseUrl: '${baseUrl}', key: process.env.KEY! });`;

const tsMe = (baseUrl: string) => `${tsClient(baseUrl)}
const { data, error } = await client.GET('/v1/me');
console.log(JSON.stringify(data ?? error));`;

const tsListing = (baseUrl: string) => `${tsClient(baseUrl)}
const { data, error } = await client.POST('/v1/listings', {
  body: {
    externalId: 'DEV-TS-1', type: 'sale', category: 'apartment', title: 'Deux-pièces avec balcon',
    price: 245000, surface: 46, rooms: 2, city: 'Lyon', postcode: '69006', dpe: 'C', ges: 'B',
  },
});
console.log(JSON.stringify(data ?? error));`;

const phpClient = (baseUrl: string) => `<?php
require 'vendor/autoload.php';

$client = new ListingSync\\Client(['baseUrl' => '${baseUrl}', 'key' => getenv('KEY')]);`;

const phpMe = (baseUrl: string) => `${phpClient(baseUrl)}
echo json_encode($client->getMe()), "\\n";`;

const phpListing = (baseUrl: string) => `${phpClient(baseUrl)}
$answer = $client->upsertListing(['body' => [
    'externalId' => 'DEV-PHP-1', 'type' => 'sale', 'category' => 'apartment',
    'title' => 'Trois-pièces près des quais', 'price' => 359000, 'surface' => 68, 'rooms' => 3,
    'city' => 'Lyon', 'postcode' => '69006', 'dpe' => 'C', 'ges' => 'B',
]]);
echo json_encode($answer, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\\n";`;

export function firstStepExamples(baseUrl: string): FirstStepExamples {
  return {
    checkKey: [
      { language: 'curl', code: curlMe(baseUrl) },
      { language: 'TypeScript', code: tsMe(baseUrl) },
      { language: 'PHP', code: phpMe(baseUrl) },
    ],
    sendListing: [
      { language: 'curl', code: curlListing(baseUrl) },
      { language: 'TypeScript', code: tsListing(baseUrl) },
      { language: 'PHP', code: phpListing(baseUrl) },
    ],
  };
}
