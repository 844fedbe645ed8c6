import Type, { type Static } from 'typebox';

/** 256 random bits, base64url: what a CLI sends to POST /runtime-proof (services/platform/src/runtime-proof.ts). */
export const RuntimeProofBody = Type.Object(
  { challenge: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', description: '32 random bytes, base64url, new for each ask' }) },
  { additionalProperties: false },
);
export type RuntimeProofBody = Static<typeof RuntimeProofBody>;

export const RuntimeProofAnswer = Type.Object(
  {
    issuer: Type.String(),
    audience: Type.String(),
    /** HMAC-SHA256 of the challenge, issuer and audience with the key of DATA_DIR/runtime.json, base64url. */
    proof: Type.String(),
  },
  { description: "The running platform's proof that it wrote DATA_DIR/runtime.json, for a CLI on its machine." },
);
export type RuntimeProofAnswer = Static<typeof RuntimeProofAnswer>;
