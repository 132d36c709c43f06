import { AdminPage } from './frame.js';

export function LoginPage({
  csrf,
  email,
  message,
  next,
}: {
  csrf: string;
  email: string;
  message: string | null;
  next: string;
}): JSX.Element {
  return (
    <AdminPage title="Connexion" section={null} viewer={null}>
      <h1>Back-office : connexion</h1>
      {message ? (
        <div class="notice" role="alert" id="erreurs">
          <p safe>{message}</p>
        </div>
      ) : (
        ''
      )}
      <form method="post" action="/admin/login" class="narrow">
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="next" value={next} />
        <div>
          <label for="f-email">Adresse e-mail</label>
          <input id="f-email" name="email" type="email" autocomplete="username" required maxlength="254" value={email} />
        </div>
        <div>
          <label for="f-password">Mot de passe</label>
          <input id="f-password" name="password" type="password" autocomplete="current-password" required maxlength="256" />
        </div>
        <button type="submit">Se connecter</button>
      </form>
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
