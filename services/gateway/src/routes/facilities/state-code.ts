import { httpErrors } from '@fastify/sensible';
import { STATE_CODES } from '@ust/domain';

const STATE_CODE_SET = new Set(Object.values(STATE_CODES).map((state) => state.code));

/** A state path parameter as its upper-case code (`de` is `DE`); anything that is not a US state or territory code is a 400. */
export function knownStateCode(param: string): string {
  const state = param.toUpperCase();
  if (!STATE_CODE_SET.has(state)) throw httpErrors.badRequest(`params.state ${JSON.stringify(param)} is not a US state or territory code`);
  return state;
}
