<?php

declare(strict_types=1);

namespace ListingSync\Tests;

use ListingSync\Client;
use PHPUnit\Framework\TestCase;

/** listLeads and the conversation calls: pulled back into the CRM, answered, filed. */
final class LeadsTest extends TestCase
{
    public function testListLeadsWalksEveryConversationOldestFirstAndAReplyFilesIt(): void
    {
        $client = Harness::client(Harness::agency()['test'], ['sandbox' => true]);
        $listing = $client->upsertListing(['body' => [
            'externalId' => 'PHP-LEADS', 'type' => 'sale', 'category' => 'apartment', 'title' => 'T3 lumineux',
            'description' => 'Appartement traversant, balcon, cave. DPE : C.', 'price' => 320000,
            'city' => 'Lyon', 'postcode' => '69003', 'surface' => 68, 'rooms' => 3, 'dpe' => 'C', 'ges' => 'B',
        ]]);
        $made = [];
        foreach ([1, 2, 3] as $n) {
            $made[] = $client->sandboxCreateLead(['body' => [
                'serviceId' => $listing['serviceId'], 'name' => "Visiteur $n",
                'email' => "visiteur.$n@example.org", 'message' => "Bonjour, message $n",
            ]])['leadId'];
        }

        $leads = iterator_to_array($client->listLeads(['pageSize' => 2]), false);
        self::assertSame($made, array_column($leads, 'leadId'), 'each conversation once, oldest first, two pages');
        self::assertSame('Visiteur 1', $leads[0]['visitor']['name']);

        $client->replyToLead($made[1], ['body' => ['text' => "Bonjour,\nla visite est possible samedi."]]);
        $thread = $client->getLead($made[1]);
        self::assertSame('Bonjour,
la visite est possible samedi.', end($thread['messages'])['text'] ?? null, json_encode($thread));
        $replied = iterator_to_array($client->listLeads(['status' => 'replied']), false);
        self::assertSame([$made[1]], array_column($replied, 'leadId'));

        $since = new \DateTimeImmutable('+1 hour');
        self::assertSame([], iterator_to_array($client->listLeads(['since' => $since]), false), 'none written later');
        $client->setLeadStatus($made[0], ['body' => ['status' => 'archived']]);
        $archived = iterator_to_array($client->listLeads(['status' => 'archived']), false);
        self::assertSame([$made[0]], array_column($archived, 'leadId'));
    }
}
