// The MDX vocabulary: every component a page may use, each with its HTML, Markdown and search
// renderings side by side (see ./types.ts). A name missing here is an error in any output.
import type { ZodType } from 'zod';
import type { JsxElement } from '../jsx';
import { Attribute, Attributes, AttributesTitle, ChildAttributes, EnumValues } from './attributes';
import { CodeGroup } from './code-group';
import { CopyValue } from './copy-value';
import { Endpoint } from './endpoint';
import { Lifecycle } from './lifecycle';
import { MethodBadge } from './method-badge';
import { Note } from './note';
import { Properties, Property } from './properties';
import { Col, Row } from './row';
import { SandboxFlow } from './sandbox-flow';
import { SandboxTerminal } from './sandbox-terminal';
import { TryIt } from './try-it';
import type { ComponentDefinition } from './types';
import { WebhookWorkbench } from './webhook-workbench';

export const vocabulary = {
  Attribute,
  Attributes,
  AttributesTitle,
  ChildAttributes,
  CodeGroup,
  Col,
  CopyValue,
  Endpoint,
  EnumValues,
  Lifecycle,
  MethodBadge,
  Note,
  Properties,
  Property,
  Row,
  SandboxFlow,
  SandboxTerminal,
  TryIt,
  WebhookWorkbench,
} satisfies Record<string, { props: ZodType }>;

/**
 * Elements expanded before any output is made: `<ApiReference tag="refunds" />` becomes the
 * reference written with the components above (see lib/openapi/pages).
 */
export const MACROS = ['ApiReference'] as const;

/** The definition of an element's component, or an error naming the file and the choices. */
export function componentOf(element: JsxElement, file: string): ComponentDefinition<unknown> {
  const definition = element.name ? vocabulary[element.name as keyof typeof vocabulary] : undefined;
  if (definition) return definition as ComponentDefinition<unknown>;
  const line = element.position?.start.line;
  throw new Error(
    `${file}${line ? `:${line}` : ''}: <${element.name ?? ''}> is not a component of the MDX vocabulary. Use one of: ${Object.keys(vocabulary).join(', ')}, or ${MACROS.join(', ')} on a line of its own.`,
  );
}
