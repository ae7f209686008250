<?php

declare(strict_types=1);

namespace KestrelPay;

use KestrelPay\Http\CurlTransport;
use KestrelPay\Http\RetryPolicy;

/**
 * The Kestrel Pay client. Each API namespace is a property named as in the reference, such as
 * `$kestrel->charges` or `$kestrel->paymentLinks`; `$kestrel->webhooks` verifies deliveries.
 * Create one per process and reuse it: it holds the cached token and the open connection.
 */
final class KestrelPay
{
    /** This release, as composer.json gives it. */
    public const VERSION = '1.0.0';

    public readonly Webhooks $webhooks;
    private readonly OperationTable $table;
    private readonly Requestor $requestor;
    /** @var array<string, Service> */
    private array $services = [];

    /**
     * @param array{public_key: string, private_key: string, environment?: 'sandbox'|'production',
     *     base_url?: string, timeout?: int, max_retries?: int, api_version?: string} $options
     *     `timeout` is in milliseconds per attempt (30000); `max_retries` counts retries (2).
     */
    public function __construct(array $options)
    {
        $options = ClientOptions::fromArray($options);
        $this->table = OperationTable::load();
        $this->requestor = new Requestor(
            $options,
            $this->table->apiVersion,
            new CurlTransport($options->timeoutMs),
            new RetryPolicy($options->maxRetries),
            $this->table->operation('auth.createToken'),
        );
        $this->webhooks = new Webhooks();
    }

    public function __get(string $name): Service
    {
        $operations = $this->table->namespace($name) ?? throw new \LogicException(sprintf(
            'KestrelPay has no namespace %s. The namespaces are: %s, webhooks.',
            $name,
            implode(', ', $this->table->namespaceNames()),
        ));
        return $this->services[$name] ??= new Service($name, $operations, $this->requestor);
    }

    public function __isset(string $name): bool
    {
        return $this->table->namespace($name) !== null;
    }
}
