import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config/env';
import { searchSetting } from '@/lib/config/search-setting';
import {
  BODY_TIMEOUT_MS,
  CONCURRENT_REQUESTS,
  REQUESTS_PER_SECOND,
  TOKENS_PER_MINUTE,
} from '@/lib/sandbox/limits';

const hostedSearch = {
  NEXT_PUBLIC_SEARCH_APP_ID: 'ABC123',
  NEXT_PUBLIC_SEARCH_API_KEY: 'search-only',
  NEXT_PUBLIC_SEARCH_INDEX: 'docs',
};

describe('the configuration', () => {
  it('runs on its embedded defaults with no variable set', () => {
    expect(parseConfig({})).toEqual({
      development: false,
      production: true,
      distDir: '.next',
      siteUrl: 'http://localhost:3000',
      guides: { kind: 'local', revalidateSeconds: 60 },
      contentImageHosts: ['www.datocms-assets.com'],
      search: { kind: 'embedded' },
      searchAdminKey: undefined,
      searchResultCacheSize: 500,
      searchRateLimit: 20,
      analyticsSrc: undefined,
      trustProxy: false,
      mcp: { enabled: true, requestsPerSecond: 20 },
      sandbox: {
        enabled: true,
        bodyTimeoutMs: BODY_TIMEOUT_MS,
        limits: {
          requestsPerSecond: REQUESTS_PER_SECOND,
          tokensPerMinute: TOKENS_PER_MINUTE,
          concurrentRequests: CONCURRENT_REQUESTS,
        },
      },
    });
  });

  it('treats blank variables as unset', () => {
    expect(
      parseConfig({
        CONTENT_API_URL: ' ',
        GUIDES_REVALIDATE_SECONDS: '0',
        NEXT_PUBLIC_SEARCH_INDEX: '',
      }).guides,
    ).toEqual({ kind: 'local', revalidateSeconds: 0 });
  });

  it('reads guides from the CMS when both of its variables are set', () => {
    const config = parseConfig({
      CONTENT_API_URL: 'https://graphql.example.com/',
      CONTENT_API_TOKEN: 't',
    });
    expect(config.guides).toEqual({
      kind: 'cms',
      url: 'https://graphql.example.com/',
      token: 't',
      timeoutMs: 5000,
      revalidateSeconds: 60,
    });
  });

  it('searches the hosted index only when all three of its variables are set', () => {
    expect(parseConfig({ ...hostedSearch, NEXT_PUBLIC_SEARCH_INSIGHTS: 'true' }).search).toEqual({
      kind: 'hosted',
      appId: 'ABC123',
      apiKey: 'search-only',
      indexName: 'docs',
      insights: true,
    });
  });

  it('fails fast, naming the variable and the fix', () => {
    expect(() => parseConfig({ CONTENT_API_URL: 'https://graphql.example.com/' })).toThrow(
      /^CONTENT_API_TOKEN is not set: set both CONTENT_API_URL and CONTENT_API_TOKEN/,
    );
    expect(() =>
      parseConfig({ CONTENT_API_URL: 'graphql.example.com', CONTENT_API_TOKEN: 't' }),
    ).toThrow(/CONTENT_API_URL must be an http\(s\) URL: the full URL of the GraphQL endpoint/);
    expect(() => parseConfig({ GUIDES_REVALIDATE_SECONDS: '-1' })).toThrow(
      /GUIDES_REVALIDATE_SECONDS/,
    );
    expect(() => parseConfig({ NEXT_PUBLIC_ANALYTICS_SRC: 'javascript:alert(1)' })).toThrow(
      /NEXT_PUBLIC_ANALYTICS_SRC must be an http\(s\) URL/,
    );
    expect(() => parseConfig({ CONTENT_IMAGE_HOSTS: 'https://images.example.com' })).toThrow(
      /CONTENT_IMAGE_HOSTS.*host names only/,
    );
    expect(() => parseConfig({ MCP_ENABLED: 'no' })).toThrow(/MCP_ENABLED must be true or false/);
    expect(() => parseConfig({ MCP_RATE_LIMIT: '0' })).toThrow(/MCP_RATE_LIMIT/);
  });

  it('turns the MCP server off with one setting', () => {
    expect(parseConfig({ MCP_ENABLED: 'false' }).mcp).toEqual({
      enabled: false,
      requestsPerSecond: 20,
    });
  });

  it('refuses a half-configured hosted search and an app id that is not a host label', () => {
    expect(() => parseConfig({ ...hostedSearch, NEXT_PUBLIC_SEARCH_INDEX: '' })).toThrow(
      /^NEXT_PUBLIC_SEARCH_INDEX is not set: set NEXT_PUBLIC_SEARCH_APP_ID, NEXT_PUBLIC_SEARCH_API_KEY, NEXT_PUBLIC_SEARCH_INDEX/,
    );
    expect(() => searchSetting({ NEXT_PUBLIC_SEARCH_APP_ID: 'only' })).toThrow(
      /NEXT_PUBLIC_SEARCH_API_KEY and NEXT_PUBLIC_SEARCH_INDEX are not set/,
    );
    expect(() =>
      parseConfig({ ...hostedSearch, NEXT_PUBLIC_SEARCH_APP_ID: 'x; script-src *' }),
    ).toThrow(/NEXT_PUBLIC_SEARCH_APP_ID must be letters and digits only/);
  });
});
