import { readFileSync } from 'node:fs';
import { ListRequest } from './list.js';

/**
 * The operation table made from the API document (`npm run sdks:tables`): the API version this
 * release speaks and, by SDK method name such as `charges.create`, how each operation is called.
 */
export const operationTable = JSON.parse(
  readFileSync(new URL('./operations.json', import.meta.url), 'utf8'),
);

const isPlainObject = (value) =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

// API fields are snake_case, so an object of nothing but these can only be the call's options.
const OPTION_NAMES = ['idempotencyKey'];
const isOptions = (value) =>
  isPlainObject(value) && Object.keys(value).every((name) => OPTION_NAMES.includes(name));
const isOnlyOptions = (value) => isOptions(value) && Object.keys(value).length > 0;

/**
 * A call's arguments in the documented order: the path parameters as strings, then one object
 * of request fields, then, on a POST, `{ idempotencyKey }`; the fields may be left out there.
 */
function readArguments(name, operation, args) {
  const pathValues = args.slice(0, operation.pathParams.length);
  operation.pathParams.forEach((param, index) => {
    const value = pathValues[index];
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(`kestrel.${name}: the ${param} argument must be a non-empty string.`);
    }
  });
  let [params, options, ...extra] = args.slice(operation.pathParams.length);
  if (operation.idempotent && options === undefined && isOnlyOptions(params)) {
    [params, options] = [undefined, params];
  }
  if (extra.length > 0 || (!operation.idempotent && options !== undefined)) {
    throw new TypeError(`kestrel.${name} takes ${describeArguments(operation)}.`);
  }
  if (params != null && !isPlainObject(params)) {
    throw new TypeError(`kestrel.${name}: the request fields must be one plain object.`);
  }
  if (options != null && !isOptions(options)) {
    throw new TypeError(`kestrel.${name}: the last argument takes only { idempotencyKey }.`);
  }
  const key = options?.idempotencyKey;
  if (key !== undefined && (typeof key !== 'string' || key === '')) {
    throw new TypeError(`kestrel.${name}: idempotencyKey must be a non-empty string.`);
  }
  return { pathValues, params: params ?? undefined, idempotencyKey: key };
}

function describeArguments(operation) {
  const parts = [...operation.pathParams, 'params'];
  if (operation.idempotent) parts.push('{ idempotencyKey }');
  return `at most (${parts.join(', ')})`;
}

/** The client's namespaces, such as `charges`, each with one method per operation. */
export function buildNamespaces(transport) {
  const namespaces = {};
  for (const [name, operation] of Object.entries(operationTable.operations)) {
    const [namespace, method] = name.split('.');
    namespaces[namespace] ??= {};
    namespaces[namespace][method] = (...args) => {
      const { pathValues, params, idempotencyKey } = readArguments(name, operation, args);
      const send = (fields) => transport.send(operation, pathValues, fields, idempotencyKey);
      return operation.list ? new ListRequest(send, params) : send(params);
    };
  }
  return namespaces;
}
