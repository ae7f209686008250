<?php

declare(strict_types=1);

namespace KestrelPay;

use KestrelPay\Exception\ApiException;
use KestrelPay\Exception\ConnectionException;
use KestrelPay\Exception\ErrorFactory;
use KestrelPay\Http\CurlTransport;
use KestrelPay\Http\Response;
use KestrelPay\Http\RetryPolicy;

/**
 * Sends an operation: the URL and body from its arguments, the token, the `Idempotency-Key`
 * kept across retries, the retries themselves, and the answer decoded or turned into an exception.
 */
final class Requestor
{
    private readonly AccessTokens $tokens;
    private readonly string $userAgent;

    public function __construct(
        private readonly ClientOptions $options,
        private readonly string $apiVersion,
        private readonly CurlTransport $transport,
        private readonly RetryPolicy $retries,
        Operation $createToken,
    ) {
        $this->tokens = new AccessTokens(fn (): mixed => $this->send($createToken, new CallArguments(
            [],
            ['public_key' => $options->publicKey, 'private_key' => $options->privateKey],
            null,
        )));
        $this->userAgent = sprintf('kestrelpay-php/%s PHP/%s', KestrelPay::VERSION, PHP_VERSION);
    }

    /** The decoded answer: objects as `\stdClass` with the API's field names. */
    public function send(Operation $operation, CallArguments $arguments): mixed
    {
        $url = $this->options->baseUrl . $operation->pathWith($arguments->path);
        $body = null;
        if ($operation->query) {
            $query = self::queryString($operation, $arguments->fields);
            $url .= $query === '' ? '' : "?{$query}";
        } else {
            $body = json_encode(
                (object) $arguments->fields,
                JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE,
            );
        }
        $headers = [
            'Accept' => 'application/json',
            'Kestrel-Version' => $this->options->apiVersion ?? $this->apiVersion,
            'User-Agent' => $this->userAgent,
        ];
        if ($body !== null) {
            $headers['Content-Type'] = 'application/json';
        }
        if ($operation->idempotent) {
            // Made once, before the first attempt, so every retry carries the same key.
            $headers['Idempotency-Key'] = $arguments->idempotencyKey ?? Uuid::v4();
        }
        return self::decode($this->sendWithRetries($operation, $url, $headers, $body));
    }

    /** @param array<string, string> $headers */
    private function sendWithRetries(Operation $operation, string $url, array $headers, ?string $body): Response
    {
        $retry = 0;
        $renewedToken = false;
        while (true) {
            if (!$operation->public) {
                $headers['Authorization'] = 'Bearer ' . $this->tokens->current();
            }
            try {
                $response = $this->transport->send($operation->method, $url, $headers, $body);
                $lost = null;
            } catch (ConnectionException $caught) {
                [$response, $lost] = [null, $caught];
            }
            if ($response !== null && $response->status < 400) {
                return $response;
            }
            if (!$operation->public && !$renewedToken && self::tokenExpired($response)) {
                // Once per request, outside the retry count: a new token, then the same request.
                $this->tokens->forget();
                $renewedToken = true;
                continue;
            }
            $retry++;
            $delay = $retry <= $this->retries->maxRetries && $this->retries->retryable($response)
                ? $this->retries->delay($retry, $response)
                : null;
            if ($delay === null) {
                throw $lost ?? ErrorFactory::fromResponse($response);
            }
            usleep((int) round($delay * 1_000_000));
        }
    }

    private static function tokenExpired(?Response $response): bool
    {
        return $response?->status === 401 && ($response->errorEnvelope()?->code ?? null) === 'token_expired';
    }

    /** @param array<string, mixed> $fields */
    private static function queryString(Operation $operation, array $fields): string
    {
        $pairs = [];
        foreach ($fields as $name => $value) {
            if ($value === null) {
                continue;
            }
            if (!is_scalar($value)) {
                throw new \InvalidArgumentException("{$operation->name}() sends its fields in the query string:"
                    . " {$name} must be a string, number or boolean.");
            }
            $pairs[$name] = is_bool($value) ? ($value ? 'true' : 'false') : (string) $value;
        }
        return http_build_query($pairs, '', '&', PHP_QUERY_RFC3986);
    }

    private static function decode(Response $response): mixed
    {
        if ($response->body === '') {
            return null;
        }
        try {
            return json_decode($response->body, false, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException $caught) {
            throw new ApiException(
                "The API answered HTTP {$response->status} with a body that is not JSON.",
                'api_error',
                null,
                null,
                $response->header('Kestrel-Request-Id'),
                $response->status,
                $response->headers,
                $caught,
            );
        }
    }
}
