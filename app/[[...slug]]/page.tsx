import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RouteGuides, guidesSectionOf } from '@/components/guides/route-guides';
import { DocsLayout } from '@/components/layout/docs-layout';
import { DocsPage } from '@/components/layout/docs-page';
import { pageSource } from '@/lib/page-source';
import { pageMetadata } from '@/lib/seo/metadata';
import { docsPageInfo } from '@/lib/seo/page-info';
import { getPage, listRoutes } from '@/lib/source';

type Props = { params: Promise<{ slug?: string[] }> };

export const dynamicParams = false;

const routeOf = (slug: string[] = []) => `/${slug.join('/')}`;

export async function generateStaticParams() {
  const routes = await listRoutes();
  return routes.map((route) => ({ slug: route === '/' ? [] : route.slice(1).split('/') }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await getPage(routeOf((await params).slug));
  if (!page) notFound();
  return pageMetadata(docsPageInfo(page.route, page));
}

export default async function Page({ params }: Props) {
  const page = await getPage(routeOf((await params).slug));
  if (!page) notFound();
  const guidesSection = guidesSectionOf(page.route);
  const source = await pageSource(page.file);
  return (
    <DocsLayout
      path={page.route}
      sections={guidesSection ? [...page.sections, guidesSection] : page.sections}
    >
      <DocsPage page={page} source={source}>
        <RouteGuides route={page.route} />
      </DocsPage>
    </DocsLayout>
  );
}
