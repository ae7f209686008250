<?php

declare(strict_types=1);

namespace KestrelPay\Exception;

/** No answer arrived (a network failure or a timeout), after the retries allowed were spent. */
class ConnectionException extends KestrelException
{
}
