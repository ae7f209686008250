// One answer of read_page (or a page resource) is bounded in bytes: a page larger than an answer
// may carry is refused with its sections, which are read one at a time. The bound is lowered here
// below the site's largest page (/resources/charges, about 100 KiB) so a real page exceeds it.
import { describe, expect, it, vi } from 'vitest';

const BOUND = 64 * 1024;
vi.mock('@/lib/mcp/limits', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/mcp/limits')>()),
  MAX_PAGE_ANSWER_BYTES: BOUND,
}));
const { readPage } = await import('@/lib/mcp/pages');

describe('the size of a page read through the MCP server', () => {
  it('refuses a page over the bound, naming its sections, and reads a section of it', async () => {
    const documented = await vi.importActual<typeof import('@/lib/mcp/limits')>('@/lib/mcp/limits');
    expect(documented.MAX_PAGE_ANSWER_BYTES).toBe(256 * 1024);
    await expect(readPage('/resources/charges')).rejects.toThrow(
      /^\/resources\/charges is \d+ KiB, more than the 64 KiB one answer may carry: read it a section at a time\. Its sections: .*\bdeclines\b/,
    );
    const section = await readPage('/resources/charges#declines');
    expect(section).toContain('Declines');
    expect(Buffer.byteLength(section)).toBeLessThanOrEqual(BOUND);
  });
});
