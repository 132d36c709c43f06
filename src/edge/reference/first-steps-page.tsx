import { Page } from './reference-pages.js';
import { firstStepExamples, type Example } from './first-steps-examples.js';

/**
 * `/developers`: the first steps, in French (the site's language, linked from every footer) and
 * in English (`/developers/en`) for foreign integrators. Each step is shown in curl, with the
 * TypeScript client and with the PHP client (first-steps-examples.ts); every block runs as
 * written, in order, on a first start (test/edge/reference/first-steps.test.ts).
 */

/** A code block: focusable, since a keyboard user must be able to scroll one wider than the page. */
const Code = ({ text, label }: { text: string; label: string }) => (
  <pre tabindex="0" aria-label={label} safe>
    {text}
  </pre>
);

/** One step's versions, in order, each under the name of its language. */
const Examples = ({ examples, label }: { examples: Example[]; label: string }) => (
  <>
    {examples.map(({ language, code }) => (
      <figure>
        <figcaption>{language}</figcaption>
        <Code text={code} label={`${label} (${language})`} />
      </figure>
    ))}
  </>
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
  const examples = firstStepExamples(baseUrl);
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
      <p>Chaque étape est donnée en curl, en TypeScript et en PHP. Les deux clients viennent d’une copie du dépôt :</p>
      <ul>
        <li>
          TypeScript : <code>npm pack -w @listing-sync/client</code>, puis <code>npm install</code> du fichier{' '}
          <code>listing-sync-client-0.1.0.tgz</code> produit ; l’exemple est un module ES (<code>.mts</code>), que Node 24 exécute tel quel.
        </li>
        <li>
          PHP : un dépôt Composer de type <code>path</code> vers <code>packages/php-client</code>, puis{' '}
          <code>composer require listing-sync/client:@dev</code> (docs/integrator-kit.md).
        </li>
      </ul>
      <ol>
        <li>
          Démarrez le service une fois sur une base vide (<code>npm install &amp;&amp; npm start</code>) : il affiche une fois les clés LIVE
          et TEST d’une agence de démonstration, et le mot de passe de son espace pro.
        </li>
        <li>
          Mettez la clé LIVE dans une variable d’environnement : <code>export KEY=svc_pk_LIVE_…</code> (une clé TEST s’utilise sous{' '}
          <code>/sandbox</code>).
        </li>
        <li>
          Vérifiez-la :
          <Examples examples={examples.checkKey} label="Vérifier la clé" />
        </li>
        <li>
          Envoyez une annonce par l’interface v1 (<code>type</code> est la transaction, <code>category</code> le type de bien) :
          <Examples examples={examples.sendListing} label="Envoyer une annonce" />
          Chaque version envoie une annonce à elle (<code>DEV-1</code>, <code>DEV-TS-1</code>, <code>DEV-PHP-1</code>). La réponse est{' '}
          <code>201 Created</code> : la modération automatique l’approuve (un logement indique sa classe <code>dpe</code>), et elle est
          aussitôt sur le site, à l’adresse <code>publicUrl</code> de la réponse. Par lots, jusqu’à 500 annonces :{' '}
          <code>POST /ingest/ingestListings</code> (codes français : <code>"transaction":"VENTE","type":"APPARTEMENT"</code>).
        </li>
        <li>
          Clés perdues ? Avec le serveur démarré avec <code>ADMIN_TOKEN</code> : <code>bin/listing-sync agency list --name demo</code>, puis{' '}
          <code>bin/listing-sync key create --agency agc_… --env live</code>.
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
  const examples = firstStepExamples(baseUrl);
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
      <p>Each step is given in curl, in TypeScript and in PHP. Both clients come from a checkout of the repository:</p>
      <ul>
        <li>
          TypeScript: <code>npm pack -w @listing-sync/client</code>, then <code>npm install</code> the{' '}
          <code>listing-sync-client-0.1.0.tgz</code> it writes; the example is an ES module (<code>.mts</code>) that Node 24 runs as it is.
        </li>
        <li>
          PHP: a Composer <code>path</code> repository pointing at <code>packages/php-client</code>, then{' '}
          <code>composer require listing-sync/client:@dev</code> (docs/integrator-kit.md).
        </li>
      </ul>
      <ol>
        <li>
          Start the service once on an empty database (<code>npm install &amp;&amp; npm start</code>): it prints the LIVE and TEST keys of a
          demo agency, and the password of its pro space, once.
        </li>
        <li>
          Put the LIVE key in an environment variable: <code>export KEY=svc_pk_LIVE_…</code> (a TEST key works under <code>/sandbox</code>{' '}
          instead).
        </li>
        <li>
          Check it:
          <Examples examples={examples.checkKey} label="Check the key" />
        </li>
        <li>
          Send a listing through v1 (<code>type</code> is the transaction, <code>category</code> the kind of property):
          <Examples examples={examples.sendListing} label="Send a listing" />
          Each version sends a listing of its own (<code>DEV-1</code>, <code>DEV-TS-1</code>, <code>DEV-PHP-1</code>). The answer is{' '}
          <code>201 Created</code>: automatic moderation approves it (a home gives its <code>dpe</code> class), and it is on the site at
          once, at the answer's <code>publicUrl</code>. In bulk, up to 500 listings: <code>POST /ingest/ingestListings</code> (French enum
          codes: <code>"transaction":"VENTE","type":"APPARTEMENT"</code>).
        </li>
        <li>
          Lost the demo keys? With the server started with <code>ADMIN_TOKEN</code> set:{' '}
          <code>bin/listing-sync agency list --name demo</code>, then <code>bin/listing-sync key create --agency agc_… --env live</code>.
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
