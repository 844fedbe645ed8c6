/**
 * HTTP servers on a loopback port for the tests of where a command sends its token: the platform
 * a runtime file names (it holds the file's key and proves it), or a stranger that took the port
 * and answers as it likes. Each records what it was sent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runtimeProof, RUNTIME_PROOF_PATH, type RuntimeIdentity } from '@ust/platform';

export interface ReceivedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

export interface ProofServer {
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

export type Respond = (request: ReceivedRequest) => { status: number; body: unknown; headers?: Record<string, string> };

export async function startTestServer(respond: Respond): Promise<ProofServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const received = { method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body };
      requests.push(received);
      const { status, body: answer, headers = {} } = respond(received);
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The challenge a proof request carries. */
export const challengeOf = (request: ReceivedRequest) => (JSON.parse(request.body) as { challenge: string }).challenge;

/** Answers proof requests as the platform holding `key` does. */
export function startProofServer({ key, ...identity }: RuntimeIdentity & { key: string }): Promise<ProofServer> {
  return startTestServer((request) =>
    request.method === 'POST' && request.url === RUNTIME_PROOF_PATH
      ? { status: 200, body: { ...identity, proof: runtimeProof(key, challengeOf(request), identity) } }
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'not found' } } },
  );
}
