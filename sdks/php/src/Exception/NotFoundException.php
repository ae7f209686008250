<?php

declare(strict_types=1);

namespace KestrelPay\Exception;

/** `not_found_error`: no object with that ID exists in this environment (404). */
class NotFoundException extends KestrelException
{
}
