import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerSessionSpace, type SessionSpace } from '../http/session-space.js';
import { signedIn } from '../http/plugins/session-auth.js';
import { findUserWithAgency, type Role } from '../../domain/accounts/user-store.js';
import { proLogin } from '../../domain/accounts/login.js';
import { leadCounts } from '../../domain/leads/conversation-store.js';
import { mustEnrol } from '../../domain/account-security/two-factor-rule.js';
import { ProMessage, ProPage, type ProViewer } from './views/frame.js';
import { LoginPage } from './views/account-pages.js';

/** What the pro space's route files share: the session-space kit, and who is signed in. */
export interface ProSpace extends SessionSpace {
  viewerOf(request: FastifyRequest): ProViewer;
  /** The signed-in user's agency. */
  agencyOf(request: FastifyRequest): string;
  /** The signed-in user. */
  userOf(request: FastifyRequest): string;
  /** Counts the unread conversations again, for a page that just marked one read. */
  countUnread(request: FastifyRequest): Promise<void>;
}

/** Route config of the pages only an agency's admins open (keys, webhooks, the team); agents get a 403 page. */
export const adminsOnly = { role: 'admin' satisfies Role };

/** Conversations with unread messages, per request: every page's navigation shows them beside "Contacts". */
const unreadLeads = new WeakMap<FastifyRequest, number>();

const viewerOf = (request: FastifyRequest): ProViewer => {
  const { principal, session } = signedIn(request);
  return {
    email: principal.email,
    role: principal.role as Role,
    agencyName: principal.agencyName ?? '',
    csrf: session.csrfToken,
    unreadLeads: unreadLeads.get(request) ?? 0,
  };
};
const agencyOf = (request: FastifyRequest) => {
  const agencyId = signedIn(request).principal.agencyId;
  if (!agencyId) throw new Error('a pro session resolves to a user of an agency');
  return agencyId;
};

/** Who the frame shows as signed in: nobody while a sign-in waits for its second factor. */
const fullViewer = (request: FastifyRequest) => (request.signedIn?.session.stage === 'full' ? viewerOf(request) : null);

/** The agencies' pro space (docs/decisions.md §13) on the session-space kit: its cookies, sign-in and pages. */
export async function registerProSpace(app: FastifyInstance): Promise<ProSpace> {
  const { db } = app.services;
  const space = await registerSessionSpace(app, {
    base: '/pro',
    scope: 'pro',
    sessionCookie: 'ls_pro',
    ttlMs: 7 * 86_400_000,
    // Shared by the forms shown before signing in: sign-up, sign-in, invitation.
    formCookie: { name: 'ls_pro_form', path: '/pro' },
    async resolve(id) {
      const user = await findUserWithAgency(db, id);
      return (
        user && {
          id: user.id,
          email: user.email,
          role: user.role,
          agencyId: user.agencyId,
          agencyName: user.agencyName,
          liveKeys: user.canHaveLiveKeys,
          emailVerified: user.emailVerified,
          mustEnrol: await mustEnrol(db, { scope: 'pro', id: user.id }, user.agencyRequiresTwoFactor),
        }
      );
    },
    async signIn(input, now) {
      const outcome = await proLogin(db, input, now);
      return outcome.ok ? { ok: true, principalId: outcome.account.id } : outcome;
    },
    loginPage: (form) => <LoginPage {...form} />,
    messagePage: (request, title, text) => <ProMessage title={title} text={text} viewer={fullViewer(request)} />,
    framePage: (request, title, children) => (
      <ProPage title={title} section="account" viewer={fullViewer(request)}>
        {children}
      </ProPage>
    ),
    texts: {
      sessionExpired: 'Votre session a expiré : reconnectez-vous, puis recommencez.',
      failure: 'Erreur de l’espace pro',
      // No `disabled`: a removed user is told no more than a wrong password would tell.
      roleRefused: { title: 'Réservé aux administrateurs', text: 'Cette page est réservée aux administrateurs de l’agence.' },
    },
  });
  const countUnread = async (request: FastifyRequest) => {
    unreadLeads.set(request, (await leadCounts(db, { agencyId: agencyOf(request), env: 'live' })).unread);
  };
  // After the session's own preHandler, which sets `signedIn` (a refused request renders without the count).
  app.addHook('preHandler', async (request) => {
    if (request.signedIn) await countUnread(request);
  });
  return { ...space, viewerOf, agencyOf, userOf: (request) => signedIn(request).principal.id, countUnread };
}
