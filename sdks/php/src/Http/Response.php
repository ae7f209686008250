<?php

declare(strict_types=1);

namespace KestrelPay\Http;

/** One HTTP answer: its status, its headers (names in lower case) and its raw body. */
final class Response
{
    /**
     * @param array<string, string> $headers
     */
    public function __construct(
        public readonly int $status,
        public readonly array $headers,
        public readonly string $body,
    ) {
    }

    /** A header's value, or null when the answer has none. */
    public function header(string $name): ?string
    {
        return $this->headers[strtolower($name)] ?? null;
    }

    /** The `error` object of an error envelope, or null when the body holds none. */
    public function errorEnvelope(): ?\stdClass
    {
        $decoded = json_decode($this->body);
        $error = $decoded instanceof \stdClass ? ($decoded->error ?? null) : null;
        return $error instanceof \stdClass ? $error : null;
    }
}
