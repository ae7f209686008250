import type { MDXComponents } from 'mdx/types';
import {
  Attribute,
  Attributes,
  AttributesTitle,
  ChildAttributes,
  EnumValues,
} from '@/components/api/attributes';
import { CodeBlock } from './code-block';
import { CodeGroup } from './code-group';
import { Heading } from './heading';
import { Link } from './link';
import { MethodBadge } from './method-badge';
import { Note } from './note';
import { Properties, Property } from './properties';
import { Col, Row } from './row';
import { Table } from './table';

/** The elements and components MDX pages render with. */
export const mdxComponents: MDXComponents = {
  h2: (props) => <Heading level={2} {...props} />,
  h3: (props) => <Heading level={3} {...props} />,
  pre: CodeBlock,
  a: Link,
  table: Table,
  // GFM task-list boxes are read-only; a name tells screen-reader users their state.
  input: (props) =>
    props.type === 'checkbox' ? (
      <input {...props} aria-label={props.checked ? 'Done' : 'To do'} />
    ) : (
      <input {...props} />
    ),
  CodeGroup,
  Note,
  Row,
  Col,
  Properties,
  Property,
  MethodBadge,
  Attributes,
  Attribute,
  AttributesTitle,
  ChildAttributes,
  EnumValues,
};
