<?php

declare(strict_types=1);

namespace KestrelPay\Http;

/**
 * Which failures are retried and after how long: those the Errors page calls safe to retry,
 * with exponential backoff and jitter, or after the answer's `Retry-After`.
 */
final class RetryPolicy
{
    /** The backoff before the first retry, doubled for each later one up to the cap. */
    private const FIRST_BACKOFF_SECONDS = 1.0;
    private const MAX_BACKOFF_SECONDS = 8.0;
    /** A longer wait is the caller's to schedule, rather than a request held for minutes. */
    private const MAX_RETRY_AFTER_SECONDS = 60;
    /** Added to `Retry-After`, so clients told the same wait do not all return at once. */
    private const RETRY_AFTER_JITTER_SECONDS = 0.25;

    public function __construct(public readonly int $maxRetries)
    {
    }

    /** Whether a failed attempt may succeed unchanged; null stands for no answer at all. */
    public function retryable(?Response $failure): bool
    {
        if ($failure === null) {
            return true;
        }
        $code = $failure->errorEnvelope()?->code ?? null;
        return match (true) {
            $failure->status === 409 => $code === 'idempotency_request_in_progress',
            // The bank's limit on balance reads lasts hours: use the stored balance instead.
            $failure->status === 429 => $code !== 'aisp_balance_read_limit_reached',
            default => $failure->status === 408 || $failure->status >= 500,
        };
    }

    /** Seconds to wait before retry number `$retry` (1 for the first), or null not to retry. */
    public function delay(int $retry, ?Response $failure): ?float
    {
        $retryAfter = $failure?->header('Retry-After');
        if ($retryAfter !== null && ctype_digit($retryAfter)) {
            $seconds = (int) $retryAfter;
            return $seconds > self::MAX_RETRY_AFTER_SECONDS
                ? null
                : $seconds + self::random() * self::RETRY_AFTER_JITTER_SECONDS;
        }
        $backoff = min(self::MAX_BACKOFF_SECONDS, self::FIRST_BACKOFF_SECONDS * 2 ** ($retry - 1));
        // Half of it, plus a random share of the other half, so clients that failed together spread out.
        return $backoff / 2 + self::random() * $backoff / 2;
    }

    private static function random(): float
    {
        return mt_rand() / mt_getrandmax();
    }
}
