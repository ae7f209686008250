import type { Metadata } from 'next';
import { DocsPage } from '@/components/layout/docs-page';
import { guideRoute } from '@/lib/routes';
import { metadataOfRoute } from '@/lib/seo/metadata';
import { source } from '@/lib/source';

type Props = { params: Promise<{ slug: string }> };

export async function generateStaticParams() {
  return (await source.pages()).flatMap((page) => (page.guide ? [{ slug: page.guide.slug }] : []));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return metadataOfRoute(guideRoute((await params).slug));
}

export default async function GuidePage({ params }: Props) {
  return (
    <DocsPage route={guideRoute((await params).slug)} shows={(page) => page.kind === 'guide'} />
  );
}
