import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: [
      '.next*/**',
      '**/.next/**',
      'node_modules/**',
      'next-env.d.ts',
      'docs/screenshots/**',
    ],
  },
];

export default config;
