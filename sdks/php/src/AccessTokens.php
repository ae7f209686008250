<?php

declare(strict_types=1);

namespace KestrelPay;

/**
 * The bearer token exchanged for the key pair, cached and exchanged again shortly before it
 * expires, or at once when the API says it has.
 */
final class AccessTokens
{
    /** Refresh when less than this remains, as the Authentication page advises. */
    private const REFRESH_MARGIN_SECONDS = 60;

    private ?string $token = null;
    private float $refreshAt = 0.0;

    /**
     * @param \Closure(): mixed $exchange requests a token: `POST /v1/auth/token`'s answer
     */
    public function __construct(private readonly \Closure $exchange)
    {
    }

    public function current(): string
    {
        if ($this->token === null || microtime(true) >= $this->refreshAt) {
            $requestedAt = microtime(true);
            $answer = ($this->exchange)();
            if (!is_string($answer->access_token ?? null) || !is_numeric($answer->expires_in ?? null)) {
                throw new Exception\ApiException('POST /v1/auth/token answered without access_token and expires_in.');
            }
            $this->token = $answer->access_token;
            $this->refreshAt = $requestedAt + $answer->expires_in - self::REFRESH_MARGIN_SECONDS;
        }
        return $this->token;
    }

    /** Drops the cached token, after the API answered `token_expired`. */
    public function forget(): void
    {
        $this->token = null;
    }
}
