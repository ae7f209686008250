<?php

declare(strict_types=1);

namespace KestrelPay\Exception;

/**
 * `api_error`: an unexpected problem on Kestrel Pay's side, or an answer that is not the API's
 * (5xx).
 */
class ApiException extends KestrelException
{
}
