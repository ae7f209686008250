<?php

declare(strict_types=1);

namespace KestrelPay\Exception;

/** `rate_limit_error`: too many requests; the retries allowed were spent (429). */
class RateLimitException extends KestrelException
{
}
