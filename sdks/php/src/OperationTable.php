<?php

declare(strict_types=1);

namespace KestrelPay;

/**
 * The API version this release speaks and its operations, read from operations.json, which is
 * generated from the API's OpenAPI document: a method exists exactly where the API has one.
 */
final class OperationTable
{
    /**
     * @param array<string, array<string, Operation>> $namespaces operations by namespace, then method
     */
    private function __construct(public readonly string $apiVersion, private readonly array $namespaces)
    {
    }

    public static function load(string $file = __DIR__ . '/operations.json'): self
    {
        $text = is_file($file) ? file_get_contents($file) : false;
        if ($text === false) {
            throw new \LogicException("{$file} is missing: the package is incomplete. Reinstall it.");
        }
        $table = json_decode($text, true, 512, JSON_THROW_ON_ERROR);
        $namespaces = [];
        foreach ($table['operations'] as $name => $entry) {
            [$namespace, $method] = explode('.', $name, 2);
            $namespaces[$namespace][$method] = new Operation(
                $name,
                $entry['method'],
                $entry['path'],
                $entry['pathParams'],
                $entry['query'],
                $entry['list'],
                $entry['idempotent'],
                $entry['public'],
            );
        }
        return new self($table['apiVersion'], $namespaces);
    }

    /** @return array<string, Operation>|null a namespace's operations by method name */
    public function namespace(string $name): ?array
    {
        return $this->namespaces[$name] ?? null;
    }

    /** @return list<string> */
    public function namespaceNames(): array
    {
        return array_keys($this->namespaces);
    }

    public function operation(string $name): Operation
    {
        [$namespace, $method] = explode('.', $name, 2);
        return $this->namespaces[$namespace][$method];
    }
}
