import type { Metadata, Viewport } from 'next';
import { preload } from 'react-dom';
import { SiteShell } from '@/components/layout/site-shell';
import { searchShortcutScript, themeScript } from '@/lib/inline-scripts';
import { publicConfig } from '@/lib/config/public';
import { site } from '@/lib/site';
import { getMenu } from '@/lib/source';
import iconSprite from './_styles/icons.svg';
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
  // The menu comes from the repository's pages alone: a guide fetch here would make every
  // route re-render on the guides' interval. Pages that list or show guides load them (once
  // per render, SPEC 7) themselves.
  const menu = await getMenu();
  // Page analytics is off unless configured; when on, it never delays rendering.
  const { analyticsSrc } = publicConfig;
  // Every page masks its icons from this one file (app/_styles/icons.css). Found only once the
  // styles are applied, it would arrive after the first paint and cost a second paint of the
  // screen; asked for with the stylesheet, the icons are in the first one. Masks are fetched
  // with CORS, so the preload is too, or the browser would not use it.
  preload(iconSprite.src, { as: 'image', crossOrigin: 'anonymous' });
  return (
    <html lang="en" className="h-full" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        <script dangerouslySetInnerHTML={{ __html: searchShortcutScript }} />
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
