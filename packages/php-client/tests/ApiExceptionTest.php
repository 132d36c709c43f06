<?php

declare(strict_types=1);

namespace ListingSync\Tests;

use ListingSync\ApiException;
use ListingSync\ListingSyncException;
use PHPUnit\Framework\TestCase;

/** What a refusal carries: status, problem code, the fields and their rules, the request's id. */
final class ApiExceptionTest extends TestCase
{
    public function testAWrongKeyIsA401WithItsCodeAndRequestId(): void
    {
        $client = Harness::client('svc_pk_LIVE_' . str_repeat('a', 32));
        try {
            $client->getMe();
            self::fail('a wrong key was let in');
        } catch (ApiException $refused) {
            self::assertInstanceOf(ListingSyncException::class, $refused);
            self::assertSame(401, $refused->getStatus());
            self::assertSame('unauthorized', $refused->getProblemCode());
            self::assertMatchesRegularExpression('/^[A-Za-z0-9._:-]{8,}$/', (string) $refused->getRequestId());
            self::assertStringContainsString('GET /v1/me answered 401 unauthorized', $refused->getMessage());
        }
    }

    public function testABodyThatBreaksTheSchemaNamesEachFieldAndRule(): void
    {
        $client = Harness::client(Harness::agency()['live']);
        try {
            $client->upsertListing(['body' => ['externalId' => 'BAD', 'type' => 'sale', 'price' => 'cher']]);
            self::fail('a listing without its fields was written');
        } catch (ApiException $refused) {
            self::assertSame(400, $refused->getStatus());
            self::assertSame('validation_error', $refused->getProblemCode());
            $fields = array_column($refused->getErrors(), 'message', 'field');
            self::assertSame('price must be an integer', $fields['price'] ?? null, json_encode($refused->getErrors()));
            self::assertSame('category is required', $fields['category'] ?? null);
        }
    }

    public function testAnAnswerThatIsNotJsonKeepsItsStatusAndTheStartOfItsBody(): void
    {
        $client = Harness::client(Harness::agency()['live'], ['baseUrl' => Harness::proxyUrl()]);
        Harness::scriptProxy(['html']);
        try {
            $client->getMe();
            self::fail('an HTML page was taken for an answer');
        } catch (ApiException $refused) {
            self::assertSame(403, $refused->getStatus());
            self::assertNull($refused->getProblemCode());
            self::assertStringContainsString('<h1>403 Forbidden</h1>', $refused->getBodyStart());
            self::assertStringContainsString('not a JSON answer', $refused->getMessage());
        }
    }
}
