// Packs the three SDKs into public/sdks, which the site serves at /sdks/: npm run sdks:pack.
// `npm run build` runs it first (prebuild), so a build serves the libraries of its own document.
import { packSdks, SDK_DOWNLOADS } from '@/lib/build/sdks/pack';

console.log(`SDKs packed into ${SDK_DOWNLOADS}: ${packSdks().join(', ')}`);
