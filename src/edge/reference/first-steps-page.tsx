import { Page } from './reference-pages.js';

/**
 * `/developers`: the first steps, in French (the site's language, linked from every footer) and
 * in English (`/developers/en`) for foreign integrators. Each command runs as written, in order,
 * on a first start (test/edge/reference/first-steps.test.ts): the listing it sends is complete
 * enough for the automatic rules to publish it, under an `externalId` of its own, so it never
 * overwrites the README's.
 */

const ME = (baseUrl: string) => `curl -H "Authorization: Bearer $KEY" ${baseUrl}/v1/me`;

const V1_LISTING = (
  baseUrl: string,
) => `curl -X POST ${baseUrl}/v1/listings -H "Authorization: Bearer $KEY" -H 'content-type: application/json' \\
  -d '{"externalId":"DEV-1","type":"sale","category":"apartment","title":"Studio rénové près du parc",
       "price":149000,"surface":27,"rooms":1,"city":"Lyon","postcode":"69006","dpe":"C","ges":"B"}'`;

/** A code block: focusable, since a keyboard user must be able to scroll one wider than the page. */
const Code = ({ text, label }: { text: string; label: string }) => (
  <pre tabindex="0" aria-label={label} safe>
    {text}
  </pre>
);

const LINKS = {
  fr: {
    docs: 'Référence de l’API',
    docsMore: ' : chaque opération, avec « Try it out ».',
    openapi: 'Description OpenAPI 3.1',
    openapiMore: ', pour générer un client.',
    errors: 'Codes d’erreur',
    errorsMore: ' : ce que veut dire chaque code de problème, et que faire.',
  },
  en: {
    docs: 'API reference',
    docsMore: ': every operation, with "Try it out".',
    openapi: 'OpenAPI 3.1 description',
    openapiMore: ', to generate a client.',
    errors: 'Error codes',
    errorsMore: ': what each problem code means and what to do.',
  },
} as const;

function Links({ lang }: { lang: 'fr' | 'en' }): JSX.Element {
  const text = LINKS[lang];
  return (
    <ul>
      <li>
        <a href="/docs">{text.docs}</a>
        {text.docsMore}
      </li>
      <li>
        <a href="/openapi.json">{text.openapi}</a>
        {text.openapiMore}
      </li>
      <li>
        <a href="/errors">{text.errors}</a>
        {text.errorsMore}
      </li>
    </ul>
  );
}

export function FirstStepsPageFr({ baseUrl }: { baseUrl: string }): JSX.Element {
  return (
    <Page title="Premiers pas" lang="fr">
      <h1>listing-sync : premiers pas</h1>
      <p>
        Le service reçoit les annonces des logiciels d’agence et les publie sur le <a href="/">site d’annonces</a>.{' '}
        <a href="/developers/en" hreflang="en" lang="en">
          English version
        </a>
        .
      </p>
      <Links lang="fr" />
      <h2>Premiers pas</h2>
      <ol>
        <li>
          Démarrez le service une fois sur une base vide (<code>npm install &amp;&amp; npm start</code>) : il affiche une fois les clés LIVE
          et TEST d’une agence de démonstration, et le mot de passe de son espace pro.
        </li>
        <li>
          Mettez la clé LIVE dans une variable : <code>KEY=svc_pk_LIVE_…</code> (une clé TEST s’utilise sous <code>/sandbox</code>).
        </li>
        <li>
          Vérifiez-la : <Code text={ME(baseUrl)} label="Commande : vérifier la clé" />
        </li>
        <li>
          Envoyez une annonce par l’interface v1 (<code>type</code> est la transaction, <code>category</code> le type de bien) :
          <Code text={V1_LISTING(baseUrl)} label="Commande : envoyer une annonce" />
          La réponse est <code>201 Created</code> : la modération automatique l’approuve (un logement indique sa classe <code>dpe</code>),
          et elle est aussitôt sur le site, à l’adresse <code>publicUrl</code> de la réponse. Par lots, jusqu’à 500 annonces :{' '}
          <code>POST /ingest/ingestListings</code> (codes français : <code>"transaction":"VENTE","type":"APPARTEMENT"</code>).
        </li>
        <li>
          Clés perdues ? Avec le serveur démarré avec <code>ADMIN_TOKEN</code> : <code>npx listing-sync agency list --name demo</code>, puis{' '}
          <code>npx listing-sync key create --agency agc_… --env live</code>.
        </li>
      </ol>
      <h2>Sans code</h2>
      <p>
        Le fichier de passerelle (« Poliris ») que les logiciels d’agence envoient déjà aux portails s’importe tel quel : depuis l’espace
        pro (« Importer un fichier »), par <code>POST /ingest/poliris</code>, un relevé programmé ou un dépôt SFTP.
      </p>
      <p>
        Le README du dépôt donne les premiers pas complets ; docs/interfaces.md fait correspondre chaque champ de l’ingestion à son nom v1.{' '}
        <a href="/support">Obtenir de l’aide</a>.
      </p>
    </Page>
  );
}

export function FirstStepsPageEn({ baseUrl }: { baseUrl: string }): JSX.Element {
  return (
    <Page title="First steps">
      <h1>listing-sync: first steps</h1>
      <p>
        Takes in real-estate listings from agency software and publishes them on the <a href="/">public listings site</a>.{' '}
        <a href="/developers" hreflang="fr" lang="fr">
          Version française
        </a>
        .
      </p>
      <Links lang="en" />
      <h2>First steps</h2>
      <ol>
        <li>
          Start the service once on an empty database (<code>npm install &amp;&amp; npm start</code>): it prints the LIVE and TEST keys of a
          demo agency, and the password of its pro space, once.
        </li>
        <li>
          Put the LIVE key in a variable: <code>KEY=svc_pk_LIVE_…</code> (a TEST key works under <code>/sandbox</code> instead).
        </li>
        <li>
          Check it: <Code text={ME(baseUrl)} label="Command: check the key" />
        </li>
        <li>
          Send a listing through v1 (<code>type</code> is the transaction, <code>category</code> the kind of property):
          <Code text={V1_LISTING(baseUrl)} label="Command: send a listing" />
          The answer is <code>201 Created</code>: automatic moderation approves it (a home gives its <code>dpe</code> class), and it is on
          the site at once, at the answer's <code>publicUrl</code>. In bulk, up to 500 listings: <code>POST /ingest/ingestListings</code>{' '}
          (French enum codes: <code>"transaction":"VENTE","type":"APPARTEMENT"</code>).
        </li>
        <li>
          Lost the demo keys? With the server started with <code>ADMIN_TOKEN</code> set:{' '}
          <code>npx listing-sync agency list --name demo</code>, then <code>npx listing-sync key create --agency agc_… --env live</code>.
        </li>
      </ol>
      <h2>No code</h2>
      <p>
        The passerelle file (« Poliris ») agency software already sends to portals is imported as it is: from the pro space (« Importer un
        fichier »), <code>POST /ingest/poliris</code>, a scheduled pull or an SFTP drop.
      </p>
      <p>
        The README of the repository has the full first steps; its docs/interfaces.md maps each ingestion field to its v1 name.{' '}
        <a href="/support">Getting help</a>.
      </p>
    </Page>
  );
}
