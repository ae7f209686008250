import { buildNamespaces, operationTable } from './methods.js';
import { AccessTokens } from './tokens.js';
import { Transport } from './transport.js';
import { Webhooks } from './webhooks.js';

/** The base URL of each environment, without the `/v1`. */
const ENVIRONMENTS = {
  sandbox: 'https://sandbox.api.kestrelpay.com',
  production: 'https://api.kestrelpay.com',
};

const DEFAULTS = { environment: 'sandbox', timeout: 30_000, maxRetries: 2 };

function required(options, name) {
  const value = options[name];
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`KestrelPay: ${name} is required, a non-empty string.`);
  }
  return value;
}

function baseUrlOf(options) {
  if (options.baseUrl === undefined) {
    const environment = options.environment ?? DEFAULTS.environment;
    if (!Object.hasOwn(ENVIRONMENTS, environment)) {
      throw new TypeError(
        `KestrelPay: environment must be 'sandbox' or 'production', not ${JSON.stringify(environment)}.`,
      );
    }
    return ENVIRONMENTS[environment];
  }
  if (options.environment !== undefined) {
    throw new TypeError(
      'KestrelPay: baseUrl takes the place of environment; send one or the other.',
    );
  }
  const url = typeof options.baseUrl === 'string' ? safeUrl(options.baseUrl) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol)) {
    throw new TypeError(
      `KestrelPay: baseUrl must be an http or https URL, not ${JSON.stringify(options.baseUrl)}.`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

function safeUrl(text) {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

function numberOption(options, name, { min, integer }) {
  const value = options[name] ?? DEFAULTS[name];
  if (
    typeof value !== 'number' ||
    !(value >= min) ||
    (integer && !Number.isInteger(value)) ||
    !Number.isFinite(value)
  ) {
    throw new TypeError(
      `KestrelPay: ${name} must be ${integer ? 'an integer' : 'a number'} of at least ${min}.`,
    );
  }
  return value;
}

/** The Kestrel Pay API client: one per process, holding the cached token. */
export class KestrelPay {
  constructor(options) {
    if (typeof options !== 'object' || options === null) {
      throw new TypeError('KestrelPay: pass the options { publicKey, privateKey, environment }.');
    }
    const keys = {
      public_key: required(options, 'publicKey'),
      private_key: required(options, 'privateKey'),
    };
    const apiVersion = options.apiVersion ?? operationTable.apiVersion;
    if (typeof apiVersion !== 'string' || apiVersion === '') {
      throw new TypeError('KestrelPay: apiVersion must be a version such as 2026-03-01.');
    }
    const config = {
      baseUrl: baseUrlOf(options),
      apiVersion,
      timeout: numberOption(options, 'timeout', { min: 1, integer: false }),
      maxRetries: numberOption(options, 'maxRetries', { min: 0, integer: true }),
    };
    const tokenOperation = operationTable.operations['auth.createToken'];
    const tokens = new AccessTokens(() => transport.send(tokenOperation, [], keys));
    const transport = new Transport(config, tokens);
    Object.assign(this, buildNamespaces(transport));
    this.webhooks = new Webhooks();
  }
}
