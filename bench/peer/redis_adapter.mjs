// oidc-provider's storage in Redis, for the peer run that keeps its codes and tokens where
// several instances could share them, as ours keeps them in PostgreSQL. It follows the design
// of the Redis adapter panva documents for oidc-provider (example/adapters/redis.js in
// node-oidc-provider): one key per entry expiring with it, the consumable models (codes,
// refresh tokens) as hashes so that consume() is one HSET, and a list of keys per grant for
// revokeByGrantId. Each upsert is one MULTI round trip, like the example's.
import Redis from 'ioredis';

const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);
const CONSUMABLE = new Set(['AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

export default function redisAdapter(url) {
  const client = new Redis(url, { keyPrefix: 'oidc-bench:' });

  class RedisAdapter {
    constructor(name) {
      this.name = name;
    }

    key(id) {
      return `${this.name}:${id}`;
    }

    async upsert(id, payload, expiresIn) {
      const key = this.key(id);
      const multi = client.multi();
      if (CONSUMABLE.has(this.name)) {
        multi.hset(key, 'payload', JSON.stringify(payload));
      } else {
        multi.set(key, JSON.stringify(payload));
      }
      if (expiresIn) multi.expire(key, expiresIn);
      if (GRANTABLE.has(this.name) && payload.grantId) {
        const grantKey = `grant:${payload.grantId}`;
        multi.rpush(grantKey, key);
        if (expiresIn) multi.expire(grantKey, expiresIn, 'GT');
      }
      if (payload.uid) multi.set(`uid:${payload.uid}`, id, 'EX', expiresIn);
      if (payload.userCode) multi.set(`userCode:${payload.userCode}`, id, 'EX', expiresIn);
      await multi.exec();
    }

    async find(id) {
      if (CONSUMABLE.has(this.name)) {
        const { payload, ...rest } = await client.hgetall(this.key(id));
        return payload ? { ...rest, ...JSON.parse(payload) } : undefined;
      }
      const data = await client.get(this.key(id));
      return data ? JSON.parse(data) : undefined;
    }

    async findByUid(uid) {
      const id = await client.get(`uid:${uid}`);
      return id ? this.find(id) : undefined;
    }

    async findByUserCode(userCode) {
      const id = await client.get(`userCode:${userCode}`);
      return id ? this.find(id) : undefined;
    }

    async destroy(id) {
      await client.del(this.key(id));
    }

    async consume(id) {
      await client.hset(this.key(id), 'consumed', Math.floor(Date.now() / 1000));
    }

    // eslint-disable-next-line class-methods-use-this
    async revokeByGrantId(grantId) {
      const grantKey = `grant:${grantId}`;
      const keys = await client.lrange(grantKey, 0, -1);
      const multi = client.multi();
      keys.forEach((key) => multi.del(key));
      multi.del(grantKey);
      await multi.exec();
    }
  }

  return { client, RedisAdapter };
}
