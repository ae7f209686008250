// The document and its sandbox story, read and told once for the integration gate rather than
// once per file that starts a sandbox (seconds each on a busy machine): the gate's setup
// (tell-story.ts) writes them to a file, structured-cloned, and each sandbox server of a test
// file reads them back.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { inject } from 'vitest';
import { loadDocument, type ApiDocument } from '@/lib/openapi/document';
import { buildModel } from '@/lib/sandbox/model';
import { deepFreeze, runStory, type StoryOutcome } from '@/lib/sandbox/story';
import { createValidator } from '@/lib/sandbox/validation';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file the gate's setup wrote the document and its told story to, if it did. */
    toldStoryFile?: string;
  }
}

type ToldStory = { document: ApiDocument; story: StoryOutcome };

/** Reads the document, tells its story and writes both to a file; returns it and the cleanup. */
export async function writeToldStory() {
  const folder = await mkdtemp(path.join(tmpdir(), 'told-story-'));
  const file = path.join(folder, 'story.bin');
  const document = loadDocument();
  const story = await runStory(buildModel(document), createValidator(document));
  await writeFile(file, serialize({ document, story } satisfies ToldStory));
  return { file, remove: () => rm(folder, { recursive: true, force: true }) };
}

let told: ToldStory | undefined;

/** The run's document and told story, or nothing outside a run that told it. */
export function toldStory(): Partial<ToldStory> {
  const file = inject('toldStoryFile');
  if (!file) return {};
  if (!told) {
    const { document, story } = deserialize(readFileSync(file)) as ToldStory;
    for (const objects of story.objects.values())
      for (const object of objects.values()) deepFreeze(object);
    told = { document, story };
  }
  return told;
}
