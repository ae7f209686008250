import type { NavLink } from '@/lib/navigation';

/** What search engines, social cards and assistants are told about one page. */
export type PageInfo = {
  route: string;
  title: string;
  description: string;
  /** The menu group (docs) or category (guides) the page belongs to, with a page to link to. */
  section: NavLink;
};
