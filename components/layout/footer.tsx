import { DiscordIcon, GitHubIcon, XIcon } from '@/components/ui/icons';
import { site } from '@/lib/site';
import { Feedback } from './feedback';
import { PrevNext } from './prev-next';

const socialLinks = [
  { label: 'Follow us on Twitter', href: site.social.twitter, Icon: XIcon },
  { label: 'Follow us on GitHub', href: site.social.github, Icon: GitHubIcon },
  { label: 'Join our Discord server', href: site.social.discord, Icon: DiscordIcon },
];

/** The footer of every page: feedback, previous/next, copyright and social links. */
export function Footer({ path }: { path: string | null }) {
  return (
    <footer className="mx-auto mt-16 w-full max-w-2xl space-y-10 pb-16 lg:max-w-5xl">
      <Feedback key={path} />
      <PrevNext path={path} />
      <div className="flex flex-col items-center justify-between gap-5 border-t border-zinc-900/5 pt-8 sm:flex-row dark:border-white/5">
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          &copy; {new Date().getFullYear()} {site.name}. All rights reserved.
        </p>
        <ul role="list" className="flex gap-4">
          {socialLinks.map(({ label, href, Icon }) => (
            <li key={label}>
              <a
                href={href}
                aria-label={label}
                className="group block rounded-md p-1 text-zinc-600 transition hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
              >
                <Icon className="size-5" />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
