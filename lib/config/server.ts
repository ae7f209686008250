import 'server-only';
import { parseConfig, type Config } from './env';

let config: Config | undefined;

/** The validated configuration of this server process, read from the environment once. */
export function serverConfig(): Config {
  config ??= parseConfig(process.env);
  return config;
}
