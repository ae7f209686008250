import { requestLogContract } from '@/tests/unit/request-log-store-contract';
import { redisForTests } from '../../support/test-redis';

const redis = redisForTests();

requestLogContract('the Redis store', (limits = {}) => redis.store(limits));
