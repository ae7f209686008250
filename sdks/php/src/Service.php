<?php

declare(strict_types=1);

namespace KestrelPay;

/**
 * One namespace of the API, such as `$kestrel->charges`: each of its methods (`create`,
 * `list`, `capture`…) calls the operation of that name in the operation table.
 */
final class Service
{
    /**
     * @param array<string, Operation> $operations by method name
     */
    public function __construct(
        private readonly string $namespace,
        private readonly array $operations,
        private readonly Requestor $requestor,
    ) {
    }

    /** @param array<int|string, mixed> $arguments */
    public function __call(string $method, array $arguments): mixed
    {
        $operation = $this->operations[$method] ?? throw new \BadMethodCallException(sprintf(
            '%s.%s is not a method of the API. The %s methods are: %s.',
            $this->namespace,
            $method,
            $this->namespace,
            implode(', ', array_keys($this->operations)),
        ));
        $call = CallArguments::of($operation, $arguments);
        $answer = $this->requestor->send($operation, $call);
        if (!$operation->list) {
            return $answer;
        }
        $fetch = fn (array $fields): mixed => $this->requestor->send(
            $operation,
            new CallArguments($call->path, $fields, null),
        );
        return new Page($answer, $call->fields, $fetch);
    }
}
