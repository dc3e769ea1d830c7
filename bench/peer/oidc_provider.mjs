// The peer of the token benchmark: panva's oidc-provider (pinned in bench/package.json),
// configured like our provider: ID tokens signed with RS256 (a 2048-bit RSA key) or ES256
// (a P-256 key), PKCE S256 required, client_secret_basic, opaque access tokens, refresh
// tokens rotated at each use. Its store is its in-memory adapter (its default), or with
// PEER_REDIS_URL a Redis database (emptied at start) through redis_adapter.mjs: a store
// several instances can share, as our PostgreSQL is.
//
//   node bench/peer/oidc_provider.mjs PORT CLIENT_SECRET [RS256|ES256]
//
// Reads commands on stdin, one per line, so codes are minted before a run and outside it:
//   mint N FILE           mint N authorization codes with the provider's own models
//                         (new provider.AuthorizationCode({...}).save()), one "code verifier" per line
//   mint_refresh N FILE   mint N refresh tokens (new provider.RefreshToken({...}).save()), one per line
// and renames the file into place when done, so its appearance tells the harness.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

import Provider from 'oidc-provider';
// The provider's own in-memory adapter keeps 1,000 entries; a run holds tens of thousands of
// codes, grants and tokens, so it gets the same store with room for them.
import MemoryAdapter from '../node_modules/oidc-provider/lib/adapters/memory_adapter.js';
import LRU from '../node_modules/oidc-provider/lib/helpers/lru.js';

import redisAdapter from './redis_adapter.mjs';

const store = new LRU({ maxSize: 2_000_000 });
let adapter = (model) => new MemoryAdapter(model, store);
if (process.env.PEER_REDIS_URL) {
  const { client, RedisAdapter } = redisAdapter(process.env.PEER_REDIS_URL);
  await client.flushdb();
  adapter = RedisAdapter;
}

const [port, secret, algorithm = 'RS256'] = process.argv.slice(2);
const CLIENT_ID = 'reservations';
const REDIRECT_URI = 'http://localhost:5001/callback';
const SCOPE = 'openid profile email';
const OFFLINE_SCOPE = `${SCOPE} offline_access`;
const ACCOUNT = 'bench-account-0001';

const { privateKey } = algorithm === 'ES256'
  ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
  : generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'bench', use: 'sig', alg: algorithm };

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [{
    client_id: CLIENT_ID,
    client_secret: secret,
    redirect_uris: [REDIRECT_URI],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: algorithm,
  }],
  // Ours spends a refresh token at each use and issues a new one, as this does.
  rotateRefreshToken: true,
  adapter,
  jwks: { keys: [signingKey] },
  pkce: { required: () => true },
  // Our ID token carries the profile claims of the granted scopes, as this option does.
  conformIdTokenClaims: false,
  claims: {
    openid: ['sub'],
    profile: ['name', 'given_name', 'family_name', 'locale'],
    email: ['email', 'email_verified'],
  },
  features: { devInteractions: { enabled: false } },
  async findAccount(ctx, sub) {
    return {
      accountId: sub,
      async claims() {
        return {
          sub,
          name: 'Camille Tremblay',
          given_name: 'Camille',
          family_name: 'Tremblay',
          locale: 'fr',
          email: 'camille.tremblay@example.ca',
          email_verified: true,
        };
      },
    };
  },
});

const client = await provider.Client.find(CLIENT_ID);

// Each minted entry under a grant of its own, as the provider's interactions would leave them;
// make(grantId, authTime) saves the entry and answers its line of the file.
async function minted(count, file, scope, make) {
  const lines = [];
  const authTime = Math.floor(Date.now() / 1000);
  for (let i = 0; i < count; i += 1) {
    const grant = new provider.Grant({ accountId: ACCOUNT, clientId: CLIENT_ID });
    grant.addOIDCScope(scope);
    lines.push(await make(await grant.save(), authTime));
  }
  writeFileSync(`${file}.part`, `${lines.join('\n')}\n`);
  renameSync(`${file}.part`, file);
  return lines.length;
}

const mint = (count, file) => minted(count, file, SCOPE, async (grantId, authTime) => {
  const verifier = randomBytes(32).toString('base64url');
  const code = new provider.AuthorizationCode({
    accountId: ACCOUNT,
    client,
    grantId,
    scope: SCOPE,
    redirectUri: REDIRECT_URI,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    codeChallengeMethod: 'S256',
    nonce: randomBytes(16).toString('base64url'),
    authTime,
    amr: ['pwd', 'otp', 'sms', 'mfa'],
  });
  return `${await code.save()} ${verifier}`;
});

const mintRefresh = (count, file) => minted(count, file, OFFLINE_SCOPE, (grantId, authTime) => new provider.RefreshToken({
  accountId: ACCOUNT,
  client,
  grantId,
  scope: OFFLINE_SCOPE,
  authTime,
  amr: ['pwd', 'otp', 'sms', 'mfa'],
  gty: 'authorization_code',
}).save());

provider.listen(Number(port), '127.0.0.1', () => {
  console.log('listening');
});

for await (const line of createInterface({ input: process.stdin })) {
  const [command, count, file] = line.trim().split(/\s+/);
  if (command === 'mint') {
    console.log(`minted ${await mint(Number(count), file)}`);
  } else if (command === 'mint_refresh') {
    console.log(`minted ${await mintRefresh(Number(count), file)} refresh tokens`);
  }
}
process.exit(0);
