<?php

declare(strict_types=1);

namespace KestrelPay\Exception;

/**
 * `conflict_error`: the request conflicts with the object's state or with a request of the same
 * idempotency key (409).
 */
class ConflictException extends KestrelException
{
}
