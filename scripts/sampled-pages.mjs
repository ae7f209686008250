/** The pages the benchmark, the bundle budget and the load test sample: one of each kind. */
export const SAMPLED_PAGES = {
  resource: '/resources/charges',
  guide: '/guides/payment-links',
  category: '/categories/accept-payments',
  introduction: '/',
};
