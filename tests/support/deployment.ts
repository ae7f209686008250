/** The deployment id (`NEXT_DEPLOYMENT_ID`) of the tests' interval CMS build. */
export const TEST_DEPLOYMENT_ID = 'kestrel-test-deployment';
