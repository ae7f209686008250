<?php

declare(strict_types=1);

namespace KestrelPay\Exception;

/**
 * `authentication_error`: the token is missing, malformed or expired, or the keys are wrong
 * (401).
 */
class AuthenticationException extends KestrelException
{
}
