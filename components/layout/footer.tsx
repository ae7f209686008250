import { Icon, type IconName } from '@/components/ui/icon';
import { site } from '@/lib/site';
import { Feedback } from './feedback';
import { PrevNext } from './prev-next';

const socialLinks: { label: string; href: string; icon: IconName }[] = [
  { label: 'Follow us on Twitter', href: site.social.twitter, icon: 'x' },
  { label: 'Follow us on GitHub', href: site.social.github, icon: 'github' },
  { label: 'Join our Discord server', href: site.social.discord, icon: 'discord' },
];

/** The footer of every page: feedback, previous/next, copyright and social links. */
export function Footer() {
  return (
    <footer data-slot="footer">
      <Feedback />
      <PrevNext />
      <div data-slot="footer-bottom">
        {/* The year the page was rendered; a page cached over New Year may still show the last. */}
        <p suppressHydrationWarning>
          &copy; {new Date().getFullYear()} {site.name}. All rights reserved.
        </p>
        <ul role="list">
          {socialLinks.map(({ label, href, icon }) => (
            <li key={label}>
              <a href={href} aria-label={label}>
                <Icon name={icon} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
