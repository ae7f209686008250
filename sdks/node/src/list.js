/**
 * What a list method returns: awaited, the first page (the list object); iterated with
 * `for await`, every object across pages, each page fetched only when the last one is used up.
 */
export class ListRequest {
  #fetchPage;
  #params;
  #firstPage;

  /** @param {(params: Record<string, unknown>) => Promise<any>} fetchPage */
  constructor(fetchPage, params) {
    this.#fetchPage = fetchPage;
    this.#params = { ...params };
  }

  // Fetched on first use, not on creation, so an unused list call sends nothing.
  #first() {
    this.#firstPage ??= this.#fetchPage(this.#params);
    return this.#firstPage;
  }

  then(onFulfilled, onRejected) {
    return this.#first().then(onFulfilled, onRejected);
  }

  catch(onRejected) {
    return this.#first().catch(onRejected);
  }

  finally(onFinally) {
    return this.#first().finally(onFinally);
  }

  /**
   * Follows the Pagination page: forward, each page's `next_cursor` (or its last ID) as
   * `starting_after`; a walk begun with `ending_before` goes back by each page's first ID.
   */
  async *[Symbol.asyncIterator]() {
    const backwards = this.#params.ending_before != null;
    let page = await this.#first();
    for (;;) {
      const objects = Array.isArray(page?.data) ? page.data : [];
      yield* objects;
      if (!page?.has_more || objects.length === 0) return;
      const params = { ...this.#params };
      if (backwards) {
        params.ending_before = objects[0].id;
      } else {
        params.starting_after = page.next_cursor ?? objects.at(-1).id;
      }
      page = await this.#fetchPage(params);
    }
  }
}
