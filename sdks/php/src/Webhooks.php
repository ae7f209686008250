<?php

declare(strict_types=1);

namespace KestrelPay;

use KestrelPay\Exception\KestrelException;
use KestrelPay\Exception\SignatureVerificationException;

/** Verifies webhook deliveries: a helper, not an API call. */
final class Webhooks
{
    /** Deliveries signed longer ago than this are refused, which stops replayed requests. */
    public const TOLERANCE_SECONDS = 300;

    /**
     * The event of a delivery whose `Kestrel-Signature` header verifies against the raw body and
     * the endpoint secret. During a secret rotation the header has one `v1` per secret, and any
     * of them may match.
     *
     * @param string $payload the body exactly as received, before any parsing
     * @throws SignatureVerificationException when the header is malformed, too old or matches no `v1`
     */
    public function constructEvent(
        string $payload,
        ?string $signatureHeader,
        string $secret,
        int $toleranceSeconds = self::TOLERANCE_SECONDS,
    ): \stdClass {
        if ($secret === '') {
            throw new \InvalidArgumentException('The webhook secret is empty: pass the endpoint\'s whsec_ secret.');
        }
        [$timestamp, $signatures] = self::parse($signatureHeader ?? '');
        if ($timestamp === null || $signatures === []) {
            throw new SignatureVerificationException(
                'The Kestrel-Signature header is malformed: expected t=<unix seconds>,v1=<hex signature>.',
            );
        }
        if (time() - $timestamp > $toleranceSeconds) {
            throw new SignatureVerificationException(
                "The delivery was signed more than {$toleranceSeconds} seconds ago: it may be a replay.",
            );
        }
        $expected = hash_hmac('sha256', "{$timestamp}.{$payload}", $secret);
        $matching = static fn (string $signature): bool => hash_equals($expected, $signature);
        if (array_filter($signatures, $matching) === []) {
            throw new SignatureVerificationException(
                'No v1 signature matches: check the endpoint secret, and pass the body exactly as received.',
            );
        }
        $event = json_decode($payload);
        if (!$event instanceof \stdClass) {
            throw new KestrelException('The delivery is signed, but its body is not a JSON event.');
        }
        return $event;
    }

    /** @return array{0: ?int, 1: list<string>} the header's `t` and its `v1` signatures */
    private static function parse(string $header): array
    {
        $timestamp = null;
        $signatures = [];
        foreach (explode(',', $header) as $part) {
            [$name, $value] = array_pad(explode('=', trim($part), 2), 2, '');
            if ($name === 't' && ctype_digit($value)) {
                $timestamp = (int) $value;
            } elseif ($name === 'v1') {
                $signatures[] = $value;
            }
        }
        return [$timestamp, $signatures];
    }
}
