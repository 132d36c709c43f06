import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in Node, for tests through HTTP: an EC P-256 key made with node:crypto,
 * answers built as a browser and an authenticator build them (attestation 'none', CBOR through
 * the encoder @simplewebauthn/server ships). Each answer can be bent the ways an attacker would
 * bend it: another origin, another site, a counter sent back.
 */
const b64url = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED = 0x40;

export interface Bent {
  origin?: string;
  rpId?: string;
  challenge?: string;
  counter?: number;
  userVerified?: boolean;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  userHandle: string | undefined;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested: Uint8Array | null): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** What a browser sends back from navigator.credentials.create() with these options. */
  register(options: PublicKeyCredentialCreationOptionsJSON, bent: Bent = {}): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey()]);
    const flags = FLAG_USER_PRESENT | FLAG_ATTESTED | (bent.userVerified === false ? 0 : FLAG_USER_VERIFIED);
    const authData = this.authenticatorData(bent.rpId ?? this.rpId, flags, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', bent.challenge ?? options.challenge, bent.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** What a browser sends back from navigator.credentials.get(): a signature over a counter one higher (unless bent). */
  assert(options: PublicKeyCredentialRequestOptionsJSON, bent: Bent = {}): AuthenticationResponseJSON {
    this.counter = bent.counter ?? this.counter + 1;
    const flags = FLAG_USER_PRESENT | (bent.userVerified === false ? 0 : FLAG_USER_VERIFIED);
    const authData = this.authenticatorData(bent.rpId ?? this.rpId, flags, this.counter, null);
    const clientData = this.clientData('webauthn.get', bent.challenge ?? options.challenge, bent.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
