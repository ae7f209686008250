export { KestrelPay } from './client.js';
export {
  KestrelError,
  InvalidRequestError,
  AuthenticationError,
  PermissionError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  ApiError,
} from './errors.js';
