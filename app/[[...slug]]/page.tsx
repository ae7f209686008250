import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RouteGuides } from '@/components/guides/route-guides';
import { DocsPage } from '@/components/layout/docs-page';
import { GroupEyebrow } from '@/components/layout/group-eyebrow';
import { articleHtml } from '@/lib/article/render';
import { pageHistory } from '@/lib/page-history';
import { routeOfSegments, segmentsOfRoute } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { source } from '@/lib/source';

type Props = { params: Promise<{ slug?: string[] }> };

export const dynamicParams = false;

export async function generateStaticParams() {
  return (await source.pages())
    .filter((page) => page.kind !== 'guide')
    .map((page) => ({ slug: segmentsOfRoute(page.route) }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await source.page(routeOfSegments((await params).slug));
  // An unknown page takes the 404 page's metadata; the page itself answers 404.
  return page ? pageMetadata(page) : {};
}

export default async function Page({ params }: Props) {
  const route = routeOfSegments((await params).slug);
  const [page, html] = await Promise.all([source.page(route), articleHtml(route)]);
  if (!page || html === null || page.kind === 'guide') notFound();
  const history = await pageHistory(page.file);
  return (
    <DocsPage
      page={page}
      html={html}
      history={history}
      eyebrow={<GroupEyebrow group={page.group} />}
    >
      <RouteGuides route={route} />
    </DocsPage>
  );
}
