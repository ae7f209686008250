<?php

declare(strict_types=1);

namespace KestrelPay;

/** The client's options, checked once: a missing key or a misspelt option fails at construction. */
final class ClientOptions
{
    /** The base URL of each `environment`. */
    public const ENVIRONMENTS = [
        'sandbox' => 'https://sandbox.api.kestrelpay.com',
        'production' => 'https://api.kestrelpay.com',
    ];
    private const DEFAULTS = ['environment' => 'sandbox', 'timeout' => 30_000, 'max_retries' => 2];
    private const NAMES = [
        'public_key', 'private_key', 'environment', 'base_url', 'timeout', 'max_retries', 'api_version',
    ];

    private function __construct(
        public readonly string $publicKey,
        public readonly string $privateKey,
        /** Where `/v1/…` paths go, without a trailing slash. */
        public readonly string $baseUrl,
        /** How long one attempt may take, in milliseconds. */
        public readonly int $timeoutMs,
        public readonly int $maxRetries,
        /** The `Kestrel-Version` to send instead of the one this release was built for. */
        public readonly ?string $apiVersion,
    ) {
    }

    /** @param array<string, mixed> $options */
    public static function fromArray(array $options): self
    {
        $unknown = array_diff(array_keys($options), self::NAMES);
        if ($unknown !== []) {
            throw new \InvalidArgumentException(sprintf(
                'Unknown KestrelPay option %s. The options are: %s.',
                implode(', ', $unknown),
                implode(', ', self::NAMES),
            ));
        }
        if (isset($options['environment'], $options['base_url'])) {
            throw new \InvalidArgumentException(
                'Pass environment or base_url, not both: base_url takes the place of environment.',
            );
        }
        $options += self::DEFAULTS;
        return new self(
            self::key($options, 'public_key'),
            self::key($options, 'private_key'),
            self::baseUrl($options),
            self::count($options, 'timeout', 1),
            self::count($options, 'max_retries', 0),
            self::apiVersion($options['api_version'] ?? null),
        );
    }

    /** @param array<string, mixed> $options */
    private static function key(array $options, string $name): string
    {
        $value = $options[$name] ?? null;
        if (!is_string($value) || trim($value) === '') {
            throw new \InvalidArgumentException(
                "The {$name} option is required: the {$name} of your key pair, from the dashboard"
                . ' (getenv() of an unset variable gives false).',
            );
        }
        return $value;
    }

    /** @param array<string, mixed> $options */
    private static function baseUrl(array $options): string
    {
        if (isset($options['base_url'])) {
            $url = $options['base_url'];
            if (!is_string($url) || !preg_match('~^https?://[^/?#]+(/[^?#]*)?$~i', $url)) {
                throw new \InvalidArgumentException(
                    'The base_url option must be an http(s) URL without a query,'
                    . ' such as https://sandbox.api.kestrelpay.com.',
                );
            }
            return rtrim($url, '/');
        }
        $environment = $options['environment'];
        if (!is_string($environment) || !isset(self::ENVIRONMENTS[$environment])) {
            throw new \InvalidArgumentException("The environment option must be 'sandbox' or 'production'.");
        }
        return self::ENVIRONMENTS[$environment];
    }

    /** @param array<string, mixed> $options */
    private static function count(array $options, string $name, int $least): int
    {
        $value = $options[$name];
        if (!is_int($value) || $value < $least) {
            throw new \InvalidArgumentException("The {$name} option must be a whole number of at least {$least}.");
        }
        return $value;
    }

    private static function apiVersion(mixed $version): ?string
    {
        if ($version !== null && (!is_string($version) || !preg_match('/^\d{4}-\d{2}-\d{2}$/', $version))) {
            throw new \InvalidArgumentException("The api_version option must be a version date such as '2026-03-01'.");
        }
        return $version;
    }
}
