import type { Metadata } from 'next';
import { RouteGuides } from '@/components/guides/route-guides';
import { DocsPage } from '@/components/layout/docs-page';
import { routeOfSegments } from '@/lib/routes';
import { metadataOfRoute } from '@/lib/seo/metadata';
import { docsPageSegments } from '@/lib/source';

type Props = { params: Promise<{ slug?: string[] }> };

export const dynamicParams = false;

export const generateStaticParams = docsPageSegments;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return metadataOfRoute(routeOfSegments((await params).slug));
}

export default async function Page({ params }: Props) {
  const route = routeOfSegments((await params).slug);
  return (
    <DocsPage route={route} shows={(page) => page.kind !== 'guide'}>
      <RouteGuides route={route} />
    </DocsPage>
  );
}
