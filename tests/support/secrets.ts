import { readFileSync } from 'node:fs';

/**
 * The server-only secret variables of the site, as .env.example lists them: anything named like
 * a token or key that is not NEXT_PUBLIC_. A secret added there is scanned for automatically.
 */
export function secretVariables(): string[] {
  return readFileSync('.env.example', 'utf8')
    .split('\n')
    .map((line) => line.match(/^([A-Z0-9_]+)=/)?.[1])
    .filter((name): name is string => Boolean(name))
    .filter((name) => !name.startsWith('NEXT_PUBLIC_') && /TOKEN|KEY|SECRET|PASSWORD/.test(name));
}

/** A recognisable fake value per secret variable, for a build whose output is then scanned. */
export const fakeSecretValue = (name: string) =>
  `canary-${name.toLowerCase().replaceAll('_', '-')}-9c41e7`;

/** The forms a leaked value could take in a bundle or a page. */
export function leakedForms(value: string): string[] {
  return [value, Buffer.from(value).toString('base64'), encodeURIComponent(value)];
}
