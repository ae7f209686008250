<?php

declare(strict_types=1);

namespace KestrelPay\Http;

use KestrelPay\Exception\ConnectionException;

/** Sends one attempt of a request with cURL, keeping the connection open for the next one. */
final class CurlTransport
{
    private ?\CurlHandle $handle = null;

    public function __construct(private readonly int $timeoutMs)
    {
    }

    /**
     * @param array<string, string> $headers
     * @throws ConnectionException when no answer arrives in time
     */
    public function send(string $method, string $url, array $headers, ?string $body): Response
    {
        // One handle for every request: cURL reuses its open connections after a reset.
        $handle = $this->handle ??= curl_init();
        curl_reset($handle);
        $received = [];
        $lines = [];
        foreach ($headers as $name => $value) {
            $lines[] = "{$name}: {$value}";
        }
        // Without this, cURL waits for a 100 Continue before sending a body over 1 KB.
        $lines[] = 'Expect:';
        curl_setopt_array($handle, [
            CURLOPT_URL => $url,
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_HTTPHEADER => $lines,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT_MS => $this->timeoutMs,
            // Timeouts under a second need it, as signals only count whole seconds.
            CURLOPT_NOSIGNAL => true,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTPS | CURLPROTO_HTTP,
            CURLOPT_HEADERFUNCTION => static function ($curl, string $line) use (&$received): int {
                if (str_starts_with($line, 'HTTP/')) {
                    $received = []; // a new answer, such as the final one after a 100 Continue
                } elseif (str_contains($line, ':')) {
                    [$name, $value] = explode(':', $line, 2);
                    $received[strtolower(trim($name))] = trim($value);
                }
                return strlen($line);
            },
        ]);
        if ($body !== null) {
            curl_setopt($handle, CURLOPT_POSTFIELDS, $body);
        }
        $answer = curl_exec($handle);
        if (!is_string($answer)) {
            $where = strtok($url, '?'); // the query may hold a customer's email address
            $reason = sprintf('%s (cURL error %d)', curl_error($handle), curl_errno($handle));
            throw new ConnectionException("{$method} {$where} got no answer: {$reason}.");
        }
        return new Response((int) curl_getinfo($handle, CURLINFO_RESPONSE_CODE), $received, $answer);
    }
}
