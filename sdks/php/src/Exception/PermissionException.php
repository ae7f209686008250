<?php

declare(strict_types=1);

namespace KestrelPay\Exception;

/** `permission_error`: the key pair lacks the role the action needs (403). */
class PermissionException extends KestrelException
{
}
