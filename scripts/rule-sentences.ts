// Counts the rule sentences of the document and the pages by how they are held, and prints the
// ones neither register accounts for, as YAML to classify and paste: `npm run rules:sentences`.
import { stringify } from 'yaml';
import { loadDocument } from '@/lib/openapi/document';
import {
  EXCEPTIONS_FILE,
  readRegister,
  REGISTER_FILE,
  ruleSentences,
  type Account,
  type Sentence,
} from '../tests/support/rule-sentences';

const sentences = ruleSentences(loadDocument());
const accounts = new Map<string, Account>();
for (const file of [REGISTER_FILE, EXCEPTIONS_FILE]) {
  for (const [where, entries] of Object.entries(readRegister(file))) {
    for (const entry of entries) accounts.set(`${where}\n${entry.said}`, entry);
  }
}

const count = { rules: 0, statements: 0, exceptions: 0 };
const unaccounted: Sentence[] = [];
for (const sentence of sentences) {
  const account = accounts.get(`${sentence.where}\n${sentence.said}`);
  if (!account) unaccounted.push(sentence);
  else if ('rule' in account) count.rules += 1;
  else if ('exception' in account) count.exceptions += 1;
  else count.statements += 1;
}

const byWhere: Record<string, { said: string }[]> = {};
for (const { where, said } of unaccounted) (byWhere[where] ??= []).push({ said });
if (unaccounted.length) console.log(stringify(byWhere, { lineWidth: 0 }));
console.error(
  `${sentences.length} sentences that may state a rule: ${count.rules} held by rules, ` +
    `${count.exceptions} exceptions, ${count.statements} stating no rule, ${unaccounted.length} unaccounted.`,
);
