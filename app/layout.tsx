import type { Metadata, Viewport } from 'next';
import { SiteShell } from '@/components/layout/site-shell';
import { themeScript } from '@/components/layout/theme-script';
import { publicConfig } from '@/lib/config/public';
import { site } from '@/lib/site';
import { getMenu } from '@/lib/source';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(site.url),
  title: site.title,
  description: `${site.title} for the ${site.name} payments API.`,
  applicationName: site.title,
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#18181b' },
  ],
};

type RootLayoutProps = {
  children: React.ReactNode;
  /** The current page's section links, from the `@sections` slot. */
  sections: React.ReactNode;
};

export default async function RootLayout({ children, sections }: RootLayoutProps) {
  // The app's initial-data step (SPEC 7): the page list, with the guides, is loaded once per
  // render here and pages read the same memoised result. A guides failure is logged and leaves
  // the list without guides.
  const menu = await getMenu();
  // Page analytics is off unless configured; when on, it never delays rendering.
  const { analyticsSrc } = publicConfig;
  return (
    <html lang="en" className="h-full" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        {analyticsSrc && <script defer src={analyticsSrc} />}
      </head>
      <body className="flex min-h-full bg-white antialiased dark:bg-zinc-900">
        <a href="#content" data-slot="skip-link">
          Skip to content
        </a>
        <SiteShell menu={menu} sections={sections}>
          {children}
        </SiteShell>
      </body>
    </html>
  );
}
