// The blocks that cannot run here, each with its reason. Every other block runs, and a block in a
// language no runner takes fails the gate until it is named here.
import type { PageBlock } from './page-samples';

export type Exception = { reason: string; matches: (block: PageBlock) => boolean };

const INSTALL = /^(?:npm install|pnpm add|yarn add|pip install|composer (?:require|config))\b/m;
const SERVER = /\bexpress\b|\bFlask\b|\bapp\.(?:post|get|route)\(|@app\.|php:\/\/input/;

export const EXCEPTIONS: Exception[] = [
  {
    reason: 'an answer, a payload or a configuration file: data a page shows, not a program',
    matches: (block) => ['json', 'text', 'http'].includes(block.language) || block.title === '.env',
  },
  {
    reason:
      'an install line: tests/integration/sdk-downloads.test.ts installs each library from the running site with npm, pip and Composer (pnpm and Yarn are not on this machine)',
    matches: (block) => block.language === 'bash' && INSTALL.test(block.code),
  },
  {
    reason:
      'a webhook endpoint or route of your web server (Express, Flask, a PHP script): it answers requests it is sent, and the SDK tests verify signed deliveries',
    matches: (block) => block.runner !== 'shell' && SERVER.test(block.code),
  },
  {
    reason:
      'starts the sandbox forwarder, which runs until stopped: tests/integration/forwarder.test.ts runs it against the site',
    matches: (block) => block.code.includes('kestrel-sandbox-forward'),
  },
  {
    reason:
      "adds this site's MCP server to an AI assistant's command line, not installed here: tests/integration/mcp.test.ts speaks to that server",
    matches: (block) => /^claude mcp add\b/m.test(block.code),
  },
  {
    reason:
      "continues the Quickstart with the IDs its earlier steps' answers show, as a reader copies them: tests/integration/quickstart.test.ts pastes the Quickstart's commands in order into one sandbox",
    matches: (block) =>
      block.route === '/' && block.runner === 'shell' && /bk_6Qn4Zv8R|pl_2Yb7Hm5C/.test(block.code),
  },
  {
    reason:
      'reads the link after the reader pays it by hand on its hosted page (the Quickstart’s step 6)',
    matches: (block) =>
      block.route === '/' &&
      /(paymentLinks|payment_links)(->|\.)retrieve\(\$?link/.test(block.code),
  },
  {
    reason:
      'sends the IDs or keys the answer of the step before shows, as a reader copies them: the charge takes the quote the first command made, the token request the key pair just created',
    matches: (block) => block.runner === 'shell' && /fxq_9Vs4Dk|pk_test_73Kd2Wm4/.test(block.code),
  },
  {
    reason: 'sends a signed test delivery to your own webhook endpoint, on your machine',
    matches: (block) => block.runner === 'shell' && /openssl dgst/.test(block.code),
  },
];

/** Why a block is not run, or null when it runs. */
export const exceptionOf = (block: PageBlock) =>
  EXCEPTIONS.find((exception) => exception.matches(block))?.reason ?? null;
