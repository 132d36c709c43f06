<?php

declare(strict_types=1);

namespace ListingSync;

/** A webhook delivery whose signature is missing, wrong, or whose timestamp is too far from now. */
final class WebhookVerificationException extends \RuntimeException implements ListingSyncException
{
}
