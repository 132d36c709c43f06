import fp from 'fastify-plugin';
import { authenticatedKey } from './key-auth.js';
import type { VerifiedKey } from '../../../domain/keys/key-store.js';
import { policyHeader, rateLimitHeaders, subjectsFor, type QuotaState, type QuotaSubject } from '../../../domain/quotas/limits.js';
import type { Admission } from '../../../domain/quotas/quota-gate.js';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The quotas this call was admitted against, as they stand after it. */
    quotaStates: QuotaState[] | null;
  }
}

export interface QuotaOptions {
  /** v1 calls also count against the agency's plan quota; ingestion calls only against the key's. */
  countsAgainstPlan: boolean;
}

/** The 429 of a call its quotas refused, naming the quota used up and when to retry. */
function refusal(admission: Admission): ApiError {
  const shown = admission.states.find((s) => s.remaining === 0) ?? admission.states[0]!;
  return new ApiError(
    'rate_limit_exceeded',
    `The ${shown.name === 'plan' ? "agency's plan" : "key's"} quota of ${shown.limit} calls per rolling 24 hours is used up; retry in ${admission.retryAfter} s`,
    undefined,
    { 'retry-after': String(admission.retryAfter) },
  );
}

/**
 * Every call authenticated by key-auth counts against its quotas before anything else
 * happens, so a refused call has no effect; every answer carries the rate-limit headers.
 */
export const quota = fp<QuotaOptions>(
  async (app, options) => {
    if (!app.hasRequestDecorator('quotaStates')) app.decorateRequest('quotaStates', null);
    const { quotas, config, now } = app.services;
    if (!quotas) return;
    // Cached keys are the same objects from call to call (and replaced when reloaded), so their
    // quota subjects are computed once per key and mount.
    const subjectsByKey = new WeakMap<VerifiedKey, { subjects: QuotaSubject[]; policy: string }>();
    // A callback hook: nearly every call is admitted from this process's reserve, without a
    // promise (quota-gate.ts), and an async hook would cost one on every call anyway.
    app.addHook('onRequest', (request, reply, done) => {
      const auth = authenticatedKey(request);
      let subjects = subjectsByKey.get(auth.key);
      if (!subjects) {
        const list = subjectsFor({ ...auth, onV1: options.countsAgainstPlan, keyLimits: config.quotas.keyLimits });
        subjects = { subjects: list, policy: policyHeader(list) };
        subjectsByKey.set(auth.key, subjects);
      }
      const { policy } = subjects;
      const answer = (admission: Admission) => {
        request.quotaStates = admission.states;
        reply.headers(rateLimitHeaders(admission.states, Math.floor(now().getTime() / 1000), policy));
        done(admission.allowed ? undefined : refusal(admission));
      };
      const admission = quotas.admit(subjects.subjects);
      if (admission instanceof Promise) admission.then(answer, done);
      else answer(admission);
    });
  },
  { name: 'quota', fastify: '5.x', dependencies: ['key-auth'] },
);
