import { site } from './site';

export type NavLink = { title: string; href: string };
export type NavGroup = { title: string; links: NavLink[] };

const resource = (title: string, name: string): NavLink => ({
  title,
  href: `/resources/${name}`,
});

/** The one navigation tree (SPEC 2.1): sidebar, mobile menu and previous/next all read it. */
export const navigation: NavGroup[] = [
  {
    title: 'The Basics',
    links: [
      { title: 'Introduction', href: '/' },
      { title: 'SDKs', href: '/sdks' },
      { title: 'Authentication', href: '/authentication' },
      { title: 'Pagination', href: '/pagination' },
      { title: 'Errors', href: '/errors' },
      { title: 'Webhooks', href: '/webhooks' },
      { title: 'Testing', href: '/testing' },
      { title: '3-D Secure', href: '/3d-secure' },
      { title: 'Idempotency', href: '/idempotency' },
      { title: 'Rate Limits', href: '/rate-limits' },
      { title: 'Changelog', href: '/changelog' },
    ],
  },
  {
    title: 'Guides',
    links: [
      { title: 'Setup Account', href: '/categories/setup-account' },
      { title: 'Develop Integration', href: '/categories/develop-integration' },
      { title: 'Accept Payments', href: '/categories/accept-payments' },
      { title: 'Payment Operations', href: '/categories/payment-operations' },
    ],
  },
  {
    title: 'Javascript SDK',
    links: [
      { title: 'Getting Started', href: '/sdk/getting-started' },
      { title: 'Usage', href: '/sdk/usage' },
    ],
  },
  {
    title: 'Core Resources',
    links: [
      resource('Acquirer Settlement', 'acquirer-settlement'),
      resource('AISP', 'aisp'),
      resource('API Keys', 'api-keys'),
      resource('Audit', 'audit'),
      resource('Bank', 'bank'),
      resource('Beneficiaries', 'beneficiaries'),
      resource('Booking Components', 'booking-components'),
      resource('Bookings', 'bookings'),
      resource('Chargebacks', 'chargebacks'),
      resource('Charges', 'charges'),
      resource('Credit Notes', 'credit-notes'),
      resource('Currencies', 'currencies'),
      resource('Customers', 'customers'),
      resource('Disbursements', 'disbursements'),
      resource('Ecommerce', 'ecommerce'),
      resource('Enums', 'enums'),
      resource('Ledger', 'ledger'),
      resource('Organisations', 'organisations'),
      resource('Payment Links', 'payment-links'),
      resource('Refunds', 'refunds'),
      resource('Scheduled Payments', 'scheduled-payments'),
      resource('Suppliers', 'suppliers'),
      resource('Tokenised Cards', 'tokenised-cards'),
      resource('Transactions', 'transactions'),
    ],
  },
];

/** Links shown at the top of the menu on small screens and in the header on large ones. */
export const topLevelLinks: NavLink[] = [
  { title: 'API', href: '/resources/charges' },
  { title: 'Documentation', href: '/' },
  { title: 'Support', href: site.supportUrl },
];

/** All links of the tree, in reading order. */
export function flatten(tree: NavGroup[]): NavLink[] {
  return tree.flatMap((group) => group.links);
}

/** The links before and after `path` in reading order; both null when `path` is not in the tree. */
export function prevNext(
  tree: NavGroup[],
  path: string,
): { previous: NavLink | null; next: NavLink | null } {
  const links = flatten(tree);
  const index = links.findIndex((link) => link.href === path);
  if (index === -1) return { previous: null, next: null };
  return { previous: links[index - 1] ?? null, next: links[index + 1] ?? null };
}

/** The group that holds `path`, if any. */
export function groupOf(tree: NavGroup[], path: string): NavGroup | undefined {
  return tree.find((group) => group.links.some((link) => link.href === path));
}

/** The link of the tree that points at `href`, if any. */
export function findLink(tree: NavGroup[], href: string): NavLink | undefined {
  return flatten(tree).find((link) => link.href === href);
}
