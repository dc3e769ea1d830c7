// The proof of work a client address that asked many codes lately shows before it gets more
// (idp/flows/proof.py): the browser finds the number the server's ALTCHA challenge hides and
// sends it back in a header. Nothing for the person to read or click: the form waits a
// second as it waits for any answer. The solver is a chunk of its own, fetched the first time a
// challenge comes: nobody else pays for its bytes on the first screen.

export const PROOF_HEADER = 'X-Proof-Of-Work';

// Answers the header's value, or null when the challenge is malformed or has no solution.
export async function solve(challenge) {
  if (!challenge || typeof challenge.challenge !== 'string' || typeof challenge.salt !== 'string') return null;
  const { solveChallenge } = await import(/* webpackChunkName: "proof-of-work" */ 'altcha-lib');
  const { promise } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxNumber ?? challenge.maxnumber);
  const solution = await promise;
  if (!solution) return null;
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}
