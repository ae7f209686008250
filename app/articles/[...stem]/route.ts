import { routeOfArticle, articleSegments } from '@/lib/routes';
import { docsPageParams } from '@/lib/source';
import { articleResponse } from '../article-response';

type Props = { params: Promise<{ stem: string[] }> };

// Rendered once per page at build time, served as files.
export const dynamic = 'force-static';
// Every page but the guides is known at build: any other path is a 404, rendered and kept nowhere.
export const dynamicParams = false;

export const generateStaticParams = () =>
  docsPageParams((route) => ({ stem: articleSegments(route) }));

/** A page's article body as HTML: `/articles/errors.html`, `/articles/index.html`. */
export async function GET(_request: Request, { params }: Props) {
  return articleResponse(routeOfArticle((await params).stem));
}
