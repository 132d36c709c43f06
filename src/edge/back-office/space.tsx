import { Type } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CsrfField, registerSessionSpace, type SessionSpace } from '../http/session-space.js';
import { signedIn } from '../http/plugins/session-auth.js';
import { findOperator } from '../../domain/operators/operator-store.js';
import { operatorLogin } from '../../domain/operators/login.js';
import { mustEnrol } from '../../domain/account-security/two-factor-rule.js';
import { LoginPage, RefusedPage } from './views/login-page.js';
import { AdminPage } from './views/frame.js';
import type { Viewer } from './views/frame.js';

/** What the back-office's route files share: the session-space kit, and which operator is signed in. */
export interface BackOfficeSpace extends SessionSpace {
  viewerOf(request: FastifyRequest): Viewer;
  /** The signed-in operator: the audit log's actor for whatever they do. */
  operatorOf(request: FastifyRequest): string;
}

/** What the `?fait=` of a redirect says, so a reload never repeats the action. */
const DONE: Record<string, string> = {
  verifiee: 'Agence vérifiée : elle peut maintenant créer des clés LIVE.',
  refusee: 'Vérification refusée : l’agence voit le motif dans son espace pro.',
  approuvee: 'Annonce approuvée et publiée.',
  refusee_annonce: 'Annonce refusée : l’agence voit le motif.',
  plan: 'Plan modifié : il s’applique dès l’appel suivant.',
  suspendue: 'Agence suspendue.',
  retablie: 'Suspension levée.',
  revoquee: 'Clé révoquée : elle est refusée dès maintenant.',
};
export const Done = Type.Object({ fait: Type.Optional(Type.String({ maxLength: 40 })) });
export const flashOf = (query: { fait?: string }) => (query.fait && Object.hasOwn(DONE, query.fait) ? DONE[query.fait]! : null);

// The token is checked by the session plugin, which answers a missing or wrong one with 403.
export const Form = <T extends Record<string, TSchema>>(fields: T) => Type.Object({ ...CsrfField, ...fields });
export const Reason = (max: number) => Type.String({ minLength: 1, maxLength: max });

const viewerOf = (request: FastifyRequest): Viewer => {
  const { principal, session } = signedIn(request);
  return { email: principal.email, csrf: session.csrfToken };
};

/** Who the frame shows as signed in: nobody while a sign-in waits for its second factor. */
const fullViewer = (request: FastifyRequest) => (request.signedIn?.session.stage === 'full' ? viewerOf(request) : null);

/** The operators' back-office (docs/decisions.md §13) on the session-space kit: its own session scope and sign-in. */
export async function registerBackOfficeSpace(app: FastifyInstance): Promise<BackOfficeSpace> {
  const { db } = app.services;
  const space = await registerSessionSpace(app, {
    base: '/admin',
    scope: 'admin',
    sessionCookie: 'ls_admin',
    ttlMs: 12 * 3_600_000,
    // Sent to every form shown before signing in: sign-in, forgotten password, reset.
    formCookie: { name: 'ls_admin_login', path: '/admin' },
    async resolve(id) {
      const operator = await findOperator(db, id);
      if (!operator || operator.disabledAt) return null;
      return { id: operator.id, email: operator.email, mustEnrol: await mustEnrol(db, { scope: 'admin', id: operator.id }, false) };
    },
    async signIn(input, now) {
      const outcome = await operatorLogin(db, input, now);
      return outcome.ok ? { ok: true, principalId: outcome.operator.id } : outcome;
    },
    loginPage: (form) => <LoginPage {...form} />,
    messagePage: (request, title, text) => <RefusedPage title={title} explanation={text} viewer={fullViewer(request)} />,
    framePage: (request, title, children) => (
      <AdminPage title={title} section="account" viewer={fullViewer(request)}>
        {children}
      </AdminPage>
    ),
    texts: {
      sessionExpired: 'Votre session a expiré ou n’existe pas : reconnectez-vous, puis recommencez.',
      failure: 'Erreur du back-office',
      disabled: 'Ce compte opérateur est désactivé.',
    },
  });
  return { ...space, viewerOf, operatorOf: (request) => signedIn(request).principal.id };
}
