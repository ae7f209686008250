import type { TestProject } from 'vitest/node';
import { writeToldStory } from './told-story';

/** Tells the sandbox's story once for the gate, for every sandbox server its files start. */
export default async function setup(project: TestProject) {
  const { file, remove } = await writeToldStory();
  project.provide('toldStoryFile', file);
  return remove;
}
