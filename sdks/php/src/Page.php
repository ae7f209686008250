<?php

declare(strict_types=1);

namespace KestrelPay;

use KestrelPay\Exception\ApiException;

/**
 * What a list method returns: the first page, read like the list object (`->data`, `->has_more`,
 * `->next_cursor`), which `foreach` walks to the end of the list, fetching each further page
 * only when it reaches it.
 *
 * @implements \IteratorAggregate<int, mixed>
 */
final class Page implements \IteratorAggregate
{
    /**
     * @param array<string, mixed> $fields the list's fields, sent again with each page's cursor
     * @param \Closure(array<string, mixed>): mixed $fetch fetches the page for a set of fields
     */
    public function __construct(
        private readonly \stdClass $page,
        private readonly array $fields,
        private readonly \Closure $fetch,
    ) {
        if (!is_array($page->data ?? null)) {
            throw new ApiException('A list method was answered without a data array.');
        }
    }

    public function __get(string $name): mixed
    {
        return $this->page->{$name} ?? null;
    }

    public function __isset(string $name): bool
    {
        return isset($this->page->{$name});
    }

    /** Every object of the list from this page on; `break` stops before the next page is fetched. */
    public function getIterator(): \Generator
    {
        $page = $this;
        $fields = $this->fields;
        while (true) {
            foreach ($page->data as $object) {
                yield $object; // numbered across pages, so iterator_to_array() keeps them all
            }
            if (!$page->has_more || $page->data === []) {
                return;
            }
            $fields = self::nextFields($fields, $page);
            $page = new self(($this->fetch)($fields), $fields, $this->fetch);
        }
    }

    /**
     * The fields for the page after `$page`, in the direction of the walk: forward after its
     * `next_cursor` (or its last object), or back before its first object with `ending_before`.
     *
     * @param array<string, mixed> $fields
     * @return array<string, mixed>
     */
    private static function nextFields(array $fields, self $page): array
    {
        if (isset($fields['ending_before'])) {
            return ['ending_before' => $page->data[0]->id] + $fields;
        }
        $cursor = $page->next_cursor ?? $page->data[array_key_last($page->data)]->id;
        return ['starting_after' => $cursor] + $fields;
    }
}
