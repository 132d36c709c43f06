import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { KeyIdParams } from '../../http/params.js';
import { ADMIN_TOKEN_ACTOR } from '../../../domain/audit/audit-log.js';
import { revokeKeyAsOperator } from '../../../domain/keys/revocation.js';
import { keyView } from './key-view.js';

/** DELETE /admin/api/keys/{keyId}. */
export const revokeKeyRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, keys } = app.services;
  app.delete('/keys/:keyId', { schema: { params: KeyIdParams, hide: true } }, async (request) => {
    const revoked = await revokeKeyAsOperator(db, keys, request.params.keyId, ADMIN_TOKEN_ACTOR);
    if (!revoked.ok) throw failWith(revoked);
    return { ...keyView(revoked.value), revoked: true };
  });
};
