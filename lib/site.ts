import { publicConfig } from './config/public';

/** Product identity and every tunable constant of the site: rebrand or retune here only. */
export const site = {
  name: 'Kestrel Pay',
  /** The site's own title, used where no page title applies. */
  title: 'Guides and Documentation',
  tagline: 'Guides & Documentation',
  /** Where the site is served (NEXT_PUBLIC_SITE_URL). */
  url: publicConfig.siteUrl,
  /** One sentence about the site, for llms.txt and other summaries of the whole site. */
  summary:
    'Guides, API reference and JavaScript SDK documentation for the Kestrel Pay payments API, built for travel businesses.',
  /** Where the pages' source lives: "Edit this page" opens `<repositoryUrl>/edit/<branch>/<file>`. */
  repositoryUrl: 'https://github.com/kestrelpay/docs',
  repositoryBranch: 'main',
  dashboardUrl: 'https://dashboard.kestrelpay.com',
  signInUrl: 'https://dashboard.kestrelpay.com/sign-in',
  supportUrl: 'mailto:support@kestrelpay.com',
  /** Social profiles shown in the footer; replace with the provider's own. */
  social: {
    twitter: 'https://x.com/kestrelpay',
    github: 'https://github.com/kestrelpay',
    discord: 'https://discord.gg/kestrelpay',
  },
  /** How generated samples call the API: the SDK packages, their client variable, the token. */
  samples: {
    javascriptPackage: '@kestrelpay/node',
    pythonPackage: 'kestrelpay',
    client: 'kestrel',
    accessTokenVariable: 'KESTREL_ACCESS_TOKEN',
  },
  /** Browser storage keys: the reader's theme, code language and sample server choices. */
  storageKeys: { theme: 'theme', codeLanguage: 'kestrel-code-language', server: 'kestrel-server' },
  /** File name of the OpenAPI document when downloaded. */
  openApiFileName: 'kestrel-pay-openapi.yaml',
} as const;

/** How long the Copy button shows "Copied!" (SPEC 9). */
export const COPY_CONFIRMATION_MS = 1000;
/** Scroll distance over which the header background reaches full opacity (SPEC 2.4). */
export const HEADER_OPACITY_RAMP_PX = 72;
/** Header background opacity at the top of the page and after the ramp. */
export const HEADER_OPACITY_RANGE = { top: 0.5, scrolled: 0.9 } as const;
/** Delay and duration of the feedback thanks message fade-in (SPEC 4). */
export const FEEDBACK_FADE = { delayMs: 150, durationMs: 300 } as const;
/** Longest search query the input accepts (SPEC 5). */
export const SEARCH_QUERY_MAX_LENGTH = 512;
