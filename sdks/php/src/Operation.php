<?php

declare(strict_types=1);

namespace KestrelPay;

/** How one method calls the API: an entry of the operation table, such as `charges.create`. */
final class Operation
{
    /**
     * @param list<string> $pathParams the path's placeholders, in order: the leading arguments
     */
    public function __construct(
        public readonly string $name,
        public readonly string $method,
        public readonly string $path,
        public readonly array $pathParams,
        public readonly bool $query,
        public readonly bool $list,
        public readonly bool $idempotent,
        public readonly bool $public,
    ) {
    }

    /** The path with each placeholder replaced by its argument, encoded. */
    public function pathWith(array $arguments): string
    {
        $values = array_combine(
            array_map(static fn (string $name): string => '{' . $name . '}', $this->pathParams),
            array_map('rawurlencode', $arguments),
        );
        return strtr($this->path, $values);
    }
}
