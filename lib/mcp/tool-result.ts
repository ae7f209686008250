// What a tool answers: JSON as text, which every client reads (structured content would send it
// twice), or an error the assistant can act on. Unexpected failures are logged, never shown.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A refusal whose message is written for the assistant: what was wrong and what to do. */
export class ToolError extends Error {}

/** A tool's answer: the value as indented JSON text. */
export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

/** A tool's answer as plain text, such as a page's Markdown. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/** An error result the assistant sees as the tool's answer, not a failed request. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Runs a tool, turning its refusals into error results and anything else into a logged, generic one. */
export async function answered(
  tool: string,
  run: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await run();
  } catch (caught) {
    if (caught instanceof ToolError) return errorResult(caught.message);
    console.error(`MCP tool ${tool} failed:`, caught);
    return errorResult(`${tool} failed on the server. Try again; if it keeps failing, report it.`);
  }
}
