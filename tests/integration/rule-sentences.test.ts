// Every sentence of the document and the pages that may state a rule is accounted for: held by a
// machine-readable rule a test runs (openapi/rule-sentences.yaml), stating no rule (the same
// file, with why), or an exception a sandbox cannot hold (openapi/rule-exceptions.yaml, with
// why). A new or reworded sentence fails here until it is accounted for; `npm run
// rules:sentences` prints the ones that are not, ready to classify.
import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import {
  EXCEPTIONS_FILE,
  readRegister,
  REGISTER_FILE,
  ruleProblems,
  ruleSentences,
  type Register,
} from '../support/rule-sentences';

const document = loadDocument();
const sentences = ruleSentences(document);
const register = readRegister(REGISTER_FILE);
const exceptions = readRegister(EXCEPTIONS_FILE);

const keyOf = (where: string, said: string) => `${where}\n${said}`;
const keys = (of: Register) =>
  Object.entries(of).flatMap(([where, entries]) => entries.map(({ said }) => keyOf(where, said)));

describe('the rule sentences', () => {
  it('are each accounted for once, in the register or as an exception', () => {
    const accounted = [...keys(register), ...keys(exceptions)];
    const unaccounted = sentences
      .map(({ where, said }) => keyOf(where, said))
      .filter((key) => !accounted.includes(key));
    expect(unaccounted, 'run npm run rules:sentences').toEqual([]);
    expect(accounted.filter((key, index) => accounted.indexOf(key) !== index)).toEqual([]);
  });

  it('account for no sentence the document and the pages no longer say', () => {
    const said = new Set(sentences.map(({ where, said: text }) => keyOf(where, text)));
    const stale = [...keys(register), ...keys(exceptions)].filter((key) => !said.has(key));
    expect(stale).toEqual([]);
  });

  it('name only rules the document has and tests run', () => {
    const problemOf = ruleProblems(document);
    const problems = Object.values(register)
      .flat()
      .flatMap((entry) => ('rule' in entry ? [entry.rule].flat() : []))
      .map(problemOf)
      .filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('keep each kind of account in its file, with its reason', () => {
    const misplaced = [
      ...Object.values(register)
        .flat()
        .filter((entry) => !('rule' in entry) && !('statement' in entry)),
      ...Object.values(exceptions)
        .flat()
        .filter((entry) => !('exception' in entry) || !String(entry.exception).trim()),
    ];
    expect(misplaced).toEqual([]);
  });
});
