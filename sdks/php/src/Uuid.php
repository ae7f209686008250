<?php

declare(strict_types=1);

namespace KestrelPay;

/** Random UUIDs, the idempotency keys of calls made without one. */
final class Uuid
{
    /** A new UUID version 4, such as `4e8c2a17-5b90-4d3f-a6e1-9f0b7c3d2a58`. */
    public static function v4(): string
    {
        $bytes = random_bytes(16);
        $bytes[6] = chr((ord($bytes[6]) & 0x0f) | 0x40);
        $bytes[8] = chr((ord($bytes[8]) & 0x3f) | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));
    }
}
