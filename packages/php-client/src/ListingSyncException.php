<?php

declare(strict_types=1);

namespace ListingSync;

/**
 * Every exception the client throws on a call implements it: catch it to handle any failure of
 * the service or of the network in one place.
 */
interface ListingSyncException extends \Throwable
{
}
