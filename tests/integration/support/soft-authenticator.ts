import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A passkey made in software, for services that check a real WebAuthn answer: an ES256 key pair and
// a "none" attestation, as a platform authenticator that verified its user would answer.

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');

export function softAuthenticator() {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const cose = isoCBOR.encode(new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]));

  /** The browser's answer to `startPasskeyRegistration`'s options, from `origin`. */
  function register(options: PublicKeyCredentialCreationOptionsJSON, origin: string): RegistrationResponseJSON {
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      createHash('sha256').update(options.rp.id ?? new URL(origin).hostname).digest(),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4), // signature counter
      Buffer.alloc(16), // AAGUID
      idLength,
      credentialId,
      Buffer.from(cose),
    ]);
    const attestation = new Map<string, string | Map<string, string> | Uint8Array>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    return {
      id: b64url(credentialId), rawId: b64url(credentialId), type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {}, authenticatorAttachment: 'platform',
    };
  }

  return { register };
}
