// A relying service built on panva's openid-client v6, driven by test_oauth_openid_client.py.
// Each run is one step; what the next step needs goes out as one JSON line on stdout.
//   node rp.mjs start  '{"issuer", "clientId", "privateJwk", "redirectUri"}'
//   node rp.mjs finish '{"issuer", "clientId", "privateJwk", "redirectUri", "callback", "verifier", "state", "nonce"}'
//   node rp.mjs revoke '{"issuer", "clientId", "privateJwk", "redirectUri", "accessToken"}'
import * as client from 'openid-client';

const [step, raw] = process.argv.slice(2);
const input = JSON.parse(raw);

async function configuration() {
  const key = await crypto.subtle.importKey('jwk', input.privateJwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  return client.discovery(
    new URL(input.issuer),
    input.clientId,
    { id_token_signed_response_alg: 'ES256', redirect_uris: [input.redirectUri] },
    client.PrivateKeyJwt({ key, kid: input.privateJwk.kid }),
    // the test's provider listens on http://127.0.0.1
    { execute: [client.allowInsecureRequests] },
  );
}

const config = await configuration();
if (step === 'start') {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = await client.buildAuthorizationUrlWithPAR(config, {
    redirect_uri: input.redirectUri,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  console.log(JSON.stringify({ url: url.href, verifier, state, nonce }));
} else if (step === 'finish') {
  const tokens = await client.authorizationCodeGrant(config, new URL(input.callback), {
    pkceCodeVerifier: input.verifier,
    expectedState: input.state,
    expectedNonce: input.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  console.log(JSON.stringify({ claims, userinfo, idToken: tokens.id_token, accessToken: tokens.access_token }));
} else if (step === 'revoke') {
  // /introspect and /revoke authenticate as /token does: the configuration's private_key_jwt
  const before = await client.tokenIntrospection(config, input.accessToken);
  await client.tokenRevocation(config, input.accessToken);
  const after = await client.tokenIntrospection(config, input.accessToken);
  console.log(JSON.stringify({ activeBefore: before.active, activeAfter: after.active }));
} else {
  throw new Error(`unknown step ${step}`);
}
