import { SignInForm, type SignInFields } from '../../html/sign-in-form.js';
import { AdminPage } from './frame.js';

export function LoginPage(form: SignInFields): JSX.Element {
  return (
    <AdminPage title="Connexion" section={null} viewer={null}>
      <h1>Back-office : connexion</h1>
      <SignInForm action="/admin/login" {...form} />
      <p class="legal">
        Les comptes opérateurs sont créés avec la commande <code>listing-sync operator create</code>.
      </p>
    </AdminPage>
  );
}

export function RefusedPage({
  title,
  explanation,
  viewer,
}: {
  title: string;
  explanation: string;
  viewer: { email: string; csrf: string } | null;
}): JSX.Element {
  return (
    <AdminPage title={title} section={null} viewer={viewer}>
      <h1 safe>{title}</h1>
      <p safe>{explanation}</p>
      <p>
        <a href="/admin">Revenir au tableau de bord</a>
      </p>
    </AdminPage>
  );
}
