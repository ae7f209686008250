/**
 * The SDKs as this site serves them at /sdks/ (packed by `npm run sdks:pack`) and as their
 * registries name them: the install lines of the pages are written for the server a reader picks.
 * A test holds these names to the packages' own versions.
 */
export const SDK_PACKAGES = [
  {
    language: 'node',
    registryName: '@kestrelpay/node',
    file: 'kestrelpay-node-1.0.0.tgz',
    install: (target: string) => `npm install ${target}`,
  },
  {
    language: 'python',
    registryName: 'kestrelpay',
    file: 'kestrelpay-1.0.0-py3-none-any.whl',
    install: (target: string) => `pip install ${target}`,
  },
  {
    language: 'php',
    registryName: 'kestrelpay/kestrelpay-php',
    file: 'kestrelpay-php-1.0.0.zip',
    install: (target: string) => `composer require ${target}`,
  },
] as const;

/** Where this site serves the packed SDKs, and Composer's repository of the PHP one. */
export const SDK_ROUTE = '/sdks';

/** Where this site serves a packed SDK. */
export function siteDownload(language: 'node' | 'python' | 'php', origin: string): string {
  const found = SDK_PACKAGES.find((candidate) => candidate.language === language)!;
  return `${origin}${SDK_ROUTE}/${found.file}`;
}

/**
 * Composer's install line for this site's sandbox: the package from this site's repository,
 * over http only when the site is served so (Composer refuses http unless told).
 */
export function siteComposerInstall(origin: string): string {
  const php = SDK_PACKAGES.find((candidate) => candidate.language === 'php')!;
  const insecure = origin.startsWith('http://') ? 'composer config secure-http false && ' : '';
  return `${insecure}composer config repositories.kestrelpay composer ${origin}${SDK_ROUTE} && ${php.install(php.registryName)}`;
}
