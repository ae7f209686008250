import { routeOfSocialImage, socialImageSegments } from '@/lib/routes';
import { docsPageParams } from '@/lib/source';
import { socialImageResponse } from '../social-image-response';

type Props = { params: Promise<{ stem: string[] }> };

// Rendered once per page at build time, served as static files.
export const dynamic = 'force-static';
// Every page but the guides is known at build: any other path is a 404, rendered and kept nowhere.
export const dynamicParams = false;

export const generateStaticParams = () =>
  docsPageParams((route) => ({ stem: socialImageSegments(route) }));

/** The social image of a page, e.g. `/og/resources/charges.png`. */
export async function GET(_request: Request, { params }: Props) {
  return socialImageResponse(routeOfSocialImage((await params).stem));
}
