const labels: Record<string, string> = {
  bash: 'Bash',
  sh: 'Shell',
  shell: 'Shell',
  js: 'JavaScript',
  javascript: 'JavaScript',
  ts: 'TypeScript',
  typescript: 'TypeScript',
  json: 'JSON',
  http: 'HTTP',
  python: 'Python',
  php: 'PHP',
  ruby: 'Ruby',
  go: 'Go',
  yaml: 'YAML',
  text: 'Text',
};

/** Human label for a code fence's language, e.g. "js" -> "JavaScript". */
export function languageLabel(language: string | undefined): string {
  if (!language) return 'Code';
  return labels[language] ?? language.toUpperCase();
}

/** Tab or header title of a code block: its fence title, else its language label. */
export function codeTitle(title: string | undefined, language: string | undefined): string {
  return title ?? languageLabel(language);
}
