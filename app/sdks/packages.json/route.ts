import { serverConfig } from '@/lib/config/server';
import { requestOrigin } from '@/lib/http/request-origin';
import { SDK_PACKAGES, SDK_ROUTE } from '@/lib/sdks/downloads';
import manifest from '@/sdks/php/composer.json';

const php = SDK_PACKAGES.find((candidate) => candidate.language === 'php')!;

/**
 * A Composer repository of one package: the PHP library this site serves, so that
 * `composer config repositories.kestrelpay composer <site>/sdks` then `composer require` installs it.
 */
export function GET(request: Request) {
  const site = requestOrigin(request, serverConfig());
  const dist = { type: 'zip', url: `${site.origin}${SDK_ROUTE}/${php.file}` };
  const packages = { [php.registryName]: { [manifest.version]: { ...manifest, dist } } };
  return Response.json({ packages }, { headers: site.headers });
}
