/** Decorates the gateway with the user state store (users/user-state.ts): one per process, so a user's changes queue in one place. */
import fp from 'fastify-plugin';
import { httpErrors } from '@fastify/sensible';
import { createUserStateStore, UserStateRefusal, type UserStateStore } from './user-state.js';

declare module 'fastify' {
  interface FastifyInstance {
    userState: UserStateStore;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('userState', createUserStateStore({ store: fastify.ports.store, cache: fastify.ports.cache }));
  },
  { name: 'ust-user-state', dependencies: ['ports'] },
);

/** Answers a refused change with its status and reason; anything else is thrown on. */
export async function refusalsAnswered<Result>(change: Promise<Result>): Promise<Result> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof UserStateRefusal) throw error.status === 409 ? httpErrors.conflict(error.message) : httpErrors.badRequest(error.message);
    throw error;
  }
}
