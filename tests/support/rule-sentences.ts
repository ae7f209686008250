// Every sentence of the document and the pages that may state a rule (it says must, at most,
// at least, cannot, only, unique, defaults to, before, after, case-insensitive, one of…), and the
// register that accounts for each: the machine-readable rule that holds it, the exception that
// says why a sandbox cannot, or why the sentence states no rule at all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { parametersOf, type ApiDocument } from '@/lib/openapi/document';
import { lifecycles } from '@/lib/openapi/lifecycles';
import { allOperations } from '@/lib/openapi/operations';
import * as limits from '@/lib/sandbox/limits';
import { caseName, ruleCases } from './rule-cases';

/** The words of a rule, as the register's readers look for them. */
const RULE_WORDS =
  /(?<![\w-])(must|at most|at least|cannot|can't|only|unique|defaults? to|by default|before|after|case-insensitive|one of|never|up to|no more than)(?![\w-])/i;

export type Sentence = { where: string; said: string };

/** The sentences of a stretch of prose, with their own words and markup, whitespace made single. */
function sentencesOf(text: string): string[] {
  return text
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, '\n')
    .split(/\n\s*\n/)
    .flatMap((paragraph) =>
      paragraph
        .split(/\n/)
        .map((line) => line.trim())
        .join(' ')
        .split(/(?<=[.!?:])\s+(?=[A-Z`[*(])/),
    )
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const PROSE_KEYS = new Set(['description', 'summary']);
const SKIPPED_KEYS = new Set(['example', 'examples', 'x-sandbox-story']);

/** Every prose string of the document, by JSON pointer: descriptions, summaries and enum notes. */
function documentProse(node: unknown, pointer: string, found: [string, string][] = []) {
  if (Array.isArray(node))
    node.forEach((item, index) => documentProse(item, `${pointer}/${index}`, found));
  else if (node && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) {
      const at = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      if (SKIPPED_KEYS.has(key)) continue;
      if (PROSE_KEYS.has(key) && typeof child === 'string') found.push([at, child]);
      else if (key === 'x-enum-descriptions' && child && typeof child === 'object') {
        for (const [value, text] of Object.entries(child))
          found.push([`${at}/${value}`, String(text)]);
      } else documentProse(child, at, found);
    }
  }
  return found;
}

/** The prose of a page: its paragraphs, list items and table cells, without code or components. */
function pageProse(source: string): string {
  return source
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '\n')
    .split('\n')
    .map((line) => {
      if (/^\s*(<|import |export |#)/.test(line)) return '';
      if (/^\s*\|/.test(line)) {
        if (/^\s*\|[\s:|-]+\|\s*$/.test(line)) return '';
        return line
          .split('|')
          .map((cell) => cell.trim())
          .filter(Boolean)
          .join('\n\n');
      }
      return line;
    })
    .join('\n');
}

function pageFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return pageFiles(file);
    return file.endsWith('.mdx') ? [file] : [];
  });
}

/** Every sentence that may state a rule, where it is said: a page's file, or a JSON pointer. */
export function ruleSentences(document: ApiDocument, root = process.cwd()): Sentence[] {
  const found: Sentence[] = [];
  const add = (where: string, text: string) => {
    for (const said of sentencesOf(text)) if (RULE_WORDS.test(said)) found.push({ where, said });
  };
  for (const [pointer, text] of documentProse(document, '#')) add(`openapi.yaml ${pointer}`, text);
  for (const file of pageFiles(path.join(root, 'content')).sort()) {
    add(path.relative(root, file), pageProse(readFileSync(file, 'utf8')));
  }
  return found;
}

/** An account of one sentence: what holds it, why a sandbox cannot, or why it is no rule. */
export type Account =
  | { said: string; rule: string | string[] }
  | { said: string; statement: string }
  | { said: string; exception: string };

export type Register = Record<string, Account[]>;

export const REGISTER_FILE = 'openapi/rule-sentences.yaml';
export const EXCEPTIONS_FILE = 'openapi/rule-exceptions.yaml';

export function readRegister(file: string, root = process.cwd()): Register {
  return (parse(readFileSync(path.join(root, file), 'utf8')) ?? {}) as Register;
}

/** Each machine-readable rule a register entry may name, and whether the document has it. */
export function ruleProblems(document: ApiDocument, root = process.cwd()) {
  const cases = new Set(ruleCases(document).map(caseName));
  const byKind = lifecycles(document);
  const operations = new Map(
    allOperations(document).map(({ operation }) => [operation.operationId, operation]),
  );
  const schemas = document.components.schemas;
  const lifecycleOf = (schema: string) =>
    [...byKind.values()].find((lifecycle) => lifecycle.schema === schema);
  const checks: Record<string, (reference: string) => boolean> = {
    // A bound or x-rules entry of a request field, which the conformance test breaks and keeps.
    case: (reference) => cases.has(reference),
    // A row of a lifecycle table (by the status it moves to), or its refusals.
    lifecycle: (reference) => {
      const [schema = '', target = ''] = reference.split(' ');
      const lifecycle = lifecycleOf(schema);
      if (!lifecycle) return false;
      if (target === 'refusals') return lifecycle.refusals !== undefined;
      if (target === 'reads') return lifecycle.reads !== undefined;
      return lifecycle.rows.some((row) => row.to === target);
    },
    // The roles an operation allows, which the roles test calls with every key pair.
    roles: (reference) => operations.get(reference)?.['x-roles'] !== undefined,
    // A property's declared source, which the declared-sources test holds objects to.
    source: (reference) => {
      const [schema = '', property = ''] = reference.split('.');
      const declared = schemas[schema]?.properties?.[property] as
        { 'x-source'?: string } | undefined;
      return declared?.['x-source'] !== undefined;
    },
    // A query parameter of a list, which the list-filters test holds to what it selects.
    filter: (reference) => {
      const [operationId = '', name = ''] = reference.split(' ');
      const found = allOperations(document).find(
        ({ operation }) => operation.operationId === operationId,
      );
      return (
        found !== undefined &&
        parametersOf(document, document.paths[found.path]!, found.operation).some(
          (parameter) => parameter.in === 'query' && parameter.name === name,
        )
      );
    },
    // A documented constant of the sandbox, which its tests read rather than repeat.
    limit: (reference) => reference in limits,
    // A test that runs the rule, by file and title.
    test: (reference) => {
      const [file = '', title = ''] = reference.split(' > ');
      const source = path.join(root, file);
      return existsSync(source) && readFileSync(source, 'utf8').includes(title);
    },
  };
  return (reference: string): string | undefined => {
    const space = reference.indexOf(' ');
    const kind = reference.slice(0, space);
    const check = checks[kind];
    if (!check) return `${reference}: not a kind of rule (${Object.keys(checks).join(', ')})`;
    return check(reference.slice(space + 1)) ? undefined : `${reference}: no such rule`;
  };
}
