import { KestrelError } from './errors.js';

// Refreshed this long before it expires, so no request leaves with a token about to lapse.
const REFRESH_MARGIN_MS = 60_000;

/** The client's one cached access token, exchanged for the keys and refreshed as it ages. */
export class AccessTokens {
  #issue;
  #current = null;
  #pending = null;

  /** @param {() => Promise<unknown>} issue requests a token: `POST /v1/auth/token` */
  constructor(issue) {
    this.#issue = issue;
  }

  /** A token with more than a minute left; concurrent callers share one token request. */
  async get() {
    if (this.#current && this.#current.expiresAt - Date.now() > REFRESH_MARGIN_MS) {
      return this.#current.token;
    }
    this.#pending ??= this.#request().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  /** Forgets `token` after the API called it expired, so the next `get` requests another. */
  discard(token) {
    if (this.#current?.token === token) this.#current = null;
  }

  async #request() {
    const issuedAt = Date.now();
    const answer = await this.#issue();
    const { access_token: token, expires_in: expiresIn } = answer ?? {};
    if (typeof token !== 'string' || typeof expiresIn !== 'number') {
      throw new KestrelError({
        message: 'The token request answered without an access_token and expires_in.',
      });
    }
    this.#current = { token, expiresAt: issuedAt + expiresIn * 1000 };
    return token;
  }
}
