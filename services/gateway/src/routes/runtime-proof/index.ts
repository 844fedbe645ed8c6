/**
 * POST /runtime-proof: the running platform proves to a CLI on its machine that it wrote
 * DATA_DIR/runtime.json, before the CLI sends it a token (platform/src/runtime-proof.ts). At the
 * root with /health, as it is about the process, not the product; public, as the CLI has no
 * token yet, and without the file's key its answer says nothing beyond /api/auth-config.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { runtimeProof, RUNTIME_PROOF_PATH, type RuntimeIdentity } from '@ust/platform';
import { ErrorBody, RuntimeProofAnswer, RuntimeProofBody } from '@ust/schemas';

export interface RuntimeProofRouteOptions {
  /** The key this process wrote into runtime.json; a gateway that wrote none answers 404. */
  key: string | undefined;
  identity: RuntimeIdentity;
}

const runtimeProofRoutes: FastifyPluginAsyncTypebox<RuntimeProofRouteOptions> = async (fastify, { key, identity }) => {
  fastify.post(
    RUNTIME_PROOF_PATH,
    {
      schema: {
        tags: ['health'],
        summary: 'Proves to a CLI on this machine that this process wrote DATA_DIR/runtime.json: an HMAC of its challenge with the key of that file',
        security: [],
        body: RuntimeProofBody,
        response: { 200: RuntimeProofAnswer, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      if (key === undefined) throw fastify.httpErrors.notFound('This process wrote no runtime file');
      return { ...identity, proof: runtimeProof(key, request.body.challenge, identity) };
    },
  );
};

export default runtimeProofRoutes;
