<?php

declare(strict_types=1);

namespace KestrelPay;

/**
 * A method call's arguments in the documented order: the path parameters, then the fields in
 * one array, then on a POST the options `['idempotency_key' => …]`.
 */
final class CallArguments
{
    private const OPTIONS = ['idempotency_key'];

    /**
     * @param list<string> $path
     * @param array<string, mixed> $fields
     */
    public function __construct(
        public readonly array $path,
        public readonly array $fields,
        public readonly ?string $idempotencyKey,
    ) {
    }

    /** @param array<int|string, mixed> $arguments */
    public static function of(Operation $operation, array $arguments): self
    {
        $call = "{$operation->name}()";
        if (!array_is_list($arguments)) {
            throw new \InvalidArgumentException("{$call} takes positional arguments, not named ones.");
        }
        $count = count($operation->pathParams);
        $path = array_slice($arguments, 0, $count);
        foreach ($path as $index => $value) {
            if (!(is_string($value) && $value !== '') && !is_int($value)) {
                $name = $operation->pathParams[$index];
                throw new \InvalidArgumentException(
                    "{$call} takes its path parameters first: {$name} must be a non-empty string.",
                );
            }
        }
        if (count($path) < $count) {
            $names = implode(', ', $operation->pathParams);
            throw new \ArgumentCountError("{$call} takes its path parameters first: {$names}.");
        }
        $rest = array_slice($arguments, $count);
        // A POST without fields may take its options alone, as in accept('cb_…', ['idempotency_key' => …]).
        if (count($rest) === 1 && $operation->idempotent && self::onlyOptions($rest[0])) {
            array_unshift($rest, []);
        }
        if (count($rest) > ($operation->idempotent ? 2 : 1)) {
            $takes = $operation->idempotent ? 'its fields and its options' : 'its fields';
            throw new \ArgumentCountError("{$call} takes at most {$takes} after its path parameters.");
        }
        [$fields, $options] = $rest + [[], []];
        if (!is_array($fields)) {
            throw new \InvalidArgumentException("{$call} takes its fields as one array.");
        }
        return new self(array_map('strval', $path), $fields, self::idempotencyKey($call, $options));
    }

    private static function onlyOptions(mixed $argument): bool
    {
        return is_array($argument) && $argument !== [] && array_diff(array_keys($argument), self::OPTIONS) === [];
    }

    private static function idempotencyKey(string $call, mixed $options): ?string
    {
        if (!is_array($options) || array_diff(array_keys($options), self::OPTIONS) !== []) {
            throw new \InvalidArgumentException("{$call} takes the options ['idempotency_key' => string] last.");
        }
        $key = $options['idempotency_key'] ?? null;
        if ($key !== null && (!is_string($key) || $key === '')) {
            throw new \InvalidArgumentException("{$call}: idempotency_key must be a non-empty string.");
        }
        return $key;
    }
}
