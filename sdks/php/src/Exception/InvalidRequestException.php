<?php

declare(strict_types=1);

namespace KestrelPay\Exception;

/**
 * `invalid_request_error`: a parameter is missing, malformed or not allowed now, or the body as
 * a whole is refused (400, 405, 408, 413, 415).
 */
class InvalidRequestException extends KestrelException
{
}
