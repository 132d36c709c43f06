import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMasker, DEFAULT_PORTALS, MASK_TEXT, maskContactDetails, type MaskResult } from '../../../src/domain/masking/mask.js';
import { M, MASKING_CORPUS } from '../../fixtures/masking-corpus.js';

/** Deterministic PRNG (mulberry32) so a fuzz failure can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The unmasked pieces of `output` must appear in `input`, in order: nothing else was altered. */
function assertOnlyMasked(input: string, output: string): void {
  let from = 0;
  for (const piece of output.split(MASK_TEXT)) {
    const at = input.indexOf(piece, from);
    assert.ok(at >= 0, `output piece ${JSON.stringify(piece)} is not in the input`);
    from = at + piece.length;
  }
}

describe('masking text', () => {
  test('is exactly the agreed short mark', () => {
    assert.equal(MASK_TEXT, '[coordonnées masquées]');
    assert.equal(MASK_TEXT, M);
    assert.equal(MASK_TEXT.normalize('NFC'), MASK_TEXT);
  });
});

describe('masking corpus', () => {
  test('has at least 150 cases covering every class', () => {
    assert.ok(MASKING_CORPUS.length >= 150, `${MASKING_CORPUS.length} cases`);
    const names = new Set<string>();
    const perClass = new Map<string, number>();
    for (const k of MASKING_CORPUS) {
      assert.ok(!names.has(k.name), `duplicate case name ${k.name}`);
      names.add(k.name);
      const cls = k.name.slice(0, k.name.indexOf('/'));
      perClass.set(cls, (perClass.get(cls) ?? 0) + 1);
    }
    for (const cls of [
      'phone',
      'email',
      'url',
      'portal',
      'keep-legal',
      'keep-figures',
      'keep-georisques',
      'keep-text',
      'idempotent',
      'mixed',
    ]) {
      assert.ok((perClass.get(cls) ?? 0) > 0, `no case for ${cls}`);
    }
    const long = MASKING_CORPUS.filter((k) => k.input.length >= 1000);
    assert.ok(long.length >= 3, 'realistic full descriptions of 1,000+ characters');
    assert.ok(long.every((k) => k.expected.includes(M) || k.name.includes('near misses')));
  });

  for (const k of MASKING_CORPUS) {
    test(k.name, () => {
      const r = maskContactDetails(k.input);
      assert.equal(r.text, k.expected);
      assert.equal(r.masked, k.expected.split(M).length - 1 - (k.input.split(M).length - 1));
      assert.equal(r.kinds.length, r.masked);
    });
  }

  test('masking is idempotent on every case', () => {
    for (const k of MASKING_CORPUS) {
      const once = maskContactDetails(k.input);
      const twice = maskContactDetails(once.text);
      assert.equal(twice.text, once.text, k.name);
      assert.equal(twice.masked, 0, k.name);
    }
  });
});

describe('results', () => {
  test('report one kind per replacement, in order', () => {
    const r = maskContactDetails('Appelez le 06 12 34 56 78. Écrivez à jean@agence.fr. Voyez www.agence.fr. Aussi sur SeLoger.');
    assert.equal(r.text, `Appelez le ${M}. Écrivez à ${M}. Voyez ${M}. Aussi sur ${M}.`);
    assert.equal(r.masked, 4);
    assert.deepEqual(r.kinds, ['phone', 'email', 'url', 'portal']);
  });

  test('details a sentence links by words such as « ou » share one replacement, of the first one’s kind', () => {
    const r = maskContactDetails('Appelez le 06 12 34 56 78, écrivez à jean@agence.fr, voyez www.agence.fr ou SeLoger.');
    assert.equal(r.text, `Appelez le ${M}.`);
    assert.equal(r.masked, 1);
    assert.deepEqual(r.kinds, ['phone']);
    assert.deepEqual(r.found, ['phone', 'email', 'url', 'portal'], 'every kind the mark holds');
  });

  test('one detail found by several detectors counts under one kind', () => {
    assert.deepEqual(maskContactDetails('Écrivez à contact@seloger.com').found, ['email']);
    assert.deepEqual(maskContactDetails('Écrivez à contact@seloger.com ou au 06 12 34 56 78').found, ['email', 'phone']);
  });

  test('adjacent details become one replacement', () => {
    const r = maskContactDetails('Contact : julie@agence.fr 06 12 34 56 78 www.agence.fr');
    assert.equal(r.text, `Contact : ${M}`);
    assert.equal(r.masked, 1);
    assert.deepEqual(r.kinds, ['email']);
  });

  test('text without contact details is returned unchanged', () => {
    const input = 'Prix : 350 000 € FAI – 85 m² – DPE : D (230 kWh/m²/an) – SIREN 123 456 789';
    const r = maskContactDetails(input);
    assert.deepEqual(r, { text: input, masked: 0, kinds: [], found: [] } satisfies MaskResult);
  });

  test('the default masker and a fresh masker agree', () => {
    const masker = createMasker();
    for (const k of MASKING_CORPUS) assert.deepEqual(masker.mask(k.input), maskContactDetails(k.input), k.name);
  });
});

describe('portals', () => {
  test('the default list names every competing portal', () => {
    assert.ok(Object.isFrozen(DEFAULT_PORTALS));
    for (const name of [
      'SeLoger',
      'Le Bon Coin',
      "Bien'ici",
      'Logic-Immo',
      'PAP',
      'Figaro Immobilier',
      'Ouest-France Immo',
      'ParuVendu',
      'Avendrealouer',
      'MeilleursAgents',
      'Green-Acres',
      'Superimmo',
      'Immonot',
      'Explorimmo',
    ]) {
      assert.ok(DEFAULT_PORTALS.includes(name), name);
    }
  });

  test('a custom list replaces the default one', () => {
    const masker = createMasker({ portals: ['Jinka', 'Belles Demeures', 'IAD'] });
    assert.equal(masker.mask('Vu sur Jinka.').text, `Vu sur ${M}.`);
    assert.equal(masker.mask('JINKA, bellesdemeures.com et belles-demeures').text, M);
    assert.equal(masker.mask('Réseau IAD').text, `Réseau ${M}`);
    assert.equal(masker.mask('Le stade iad').text, 'Le stade iad', 'a lower-case short name needs context');
    assert.equal(masker.mask('Vu sur SeLoger').text, 'Vu sur SeLoger');
    assert.deepEqual(masker.mask('Vu sur Jinka').kinds, ['portal']);
    // Contact details are still masked with a custom portal list.
    assert.equal(masker.mask('Tél 06 12 34 56 78').text, `Tél ${M}`);
  });

  test('a custom list can extend the default one', () => {
    const masker = createMasker({ portals: [...DEFAULT_PORTALS, 'Jinka'] });
    assert.equal(masker.mask('SeLoger, Jinka').text, M);
  });

  test('an empty or blank list masks no portal', () => {
    for (const portals of [[], ['', '   ', '--']]) {
      const masker = createMasker({ portals });
      assert.equal(masker.mask('Vu sur SeLoger').text, 'Vu sur SeLoger');
    }
  });
});

describe('allowed domains', () => {
  test('Géorisques is allowed by default, other official sites are not', () => {
    assert.equal(maskContactDetails('www.georisques.gouv.fr').masked, 0);
    assert.equal(maskContactDetails('https://errial.georisques.gouv.fr/#/').masked, 0);
    assert.equal(maskContactDetails('www.agence.gouv.fr.example.com').masked, 1);
  });

  test('can be configured', () => {
    const masker = createMasker({ allowedDomains: ['service-public.fr'] });
    assert.equal(masker.mask('Voir www.service-public.fr').text, 'Voir www.service-public.fr');
    assert.equal(masker.mask('Voir www.georisques.gouv.fr').text, `Voir ${M}`);
  });
});

describe('robustness', () => {
  const PIECES = [
    '0',
    '1',
    '6',
    '9',
    '00',
    '06',
    '33',
    ' ',
    '  ',
    '.',
    '-',
    '/',
    '+',
    '(',
    ')',
    '@',
    '[',
    ']',
    '{',
    '}',
    ':',
    ',',
    "'",
    '’',
    'at',
    ' at ',
    'dot',
    ' point ',
    'arobase',
    'www',
    'http://',
    'https://',
    '.fr',
    '.com',
    '.immo',
    'zéro',
    'six',
    'douze',
    'soixante-dix-huit',
    'quatre-vingt',
    ' et ',
    'un',
    'SeLoger',
    'se loger',
    'bien ici',
    "Bien'ici",
    'sur ',
    'PAP',
    'pap',
    'SIREN ',
    'SIRET ',
    'CPI ',
    'RCS Paris ',
    'TVA FR',
    '€',
    ' m²',
    ' kWh',
    ' lots',
    '%',
    '\u00a0',
    '\u202f',
    '\u200b',
    '\u00ad',
    '😍',
    '\ud800',
    '\udc00',
    'É',
    'ﬁ',
    '𝟎',
    '０',
    '＠',
    '\n',
    '\t',
    'O',
    'o',
    'é',
    'e\u0301',
    'İ',
    'ß',
    MASK_TEXT,
    'georisques.gouv.fr',
    'agence',
    'contact',
    'jean.dupont',
  ];

  /** Random inputs made of `pieces` and random characters, each masked, checked, and masked again. */
  function fuzz(seed: number, pieces: readonly string[], iterations: number): void {
    const rand = prng(seed);
    for (let iteration = 0; iteration < iterations; iteration++) {
      let input = '';
      const parts = Math.floor(rand() * 60);
      for (let p = 0; p < parts; p++) {
        const r = rand();
        if (r < 0.15) input += String.fromCharCode(Math.floor(rand() * 0x10000));
        else if (r < 0.2) input += String.fromCodePoint(Math.floor(rand() * 0x10ffff));
        else input += pieces[Math.floor(rand() * pieces.length)] ?? '';
      }
      let once: MaskResult;
      try {
        once = maskContactDetails(input);
      } catch (error) {
        assert.fail(`threw on ${JSON.stringify(input)}: ${String(error)}`);
      }
      assert.equal(typeof once.text, 'string');
      assert.equal(once.kinds.length, once.masked);
      assertOnlyMasked(input, once.text);
      assert.equal(maskContactDetails(once.text).text, once.text, `not idempotent on ${JSON.stringify(input)}`);
    }
  }

  test('never throws, only replaces, and is idempotent on random input', () => fuzz(0x5eed, PIECES, 1500));

  test('stays idempotent when details are linked by words that join them into one mark', () => {
    const details = ['06 12 34 56 78', '0612345678', 'jean@exemple.fr', 'www.agence.fr', 'SeLoger', 'pap', 'zéro six douze', MASK_TEXT];
    const links = [
      ' ou ',
      ' et ',
      ', ',
      ' / ',
      ' : ',
      ' - ',
      'écrivez à ',
      'au ',
      'par mail ',
      'Tél ',
      'tél. ',
      'le ',
      "l'",
      '\n',
      '. ',
      ' (',
      ')',
      '12',
      'prix',
    ];
    fuzz(0x10ca1, [...details, ...links, ...links], 3000);
  });

  test('tolerates values that are not strings at run time', () => {
    const loose = maskContactDetails as (text: unknown) => MaskResult;
    assert.deepEqual(loose(undefined), { text: '', masked: 0, kinds: [], found: [] });
    assert.deepEqual(loose(null), { text: '', masked: 0, kinds: [], found: [] });
    assert.equal(loose(612345678).masked, 0);
  });

  test('stays linear on pathological input', () => {
    const N = 60_000;
    const inputs = [
      '0 '.repeat(N / 2),
      '1'.repeat(N),
      'a@'.repeat(N / 2),
      'a.com'.repeat(N / 5),
      'a[.]'.repeat(N / 4),
      'at '.repeat(N / 3),
      'un '.repeat(N / 3),
      'www.'.repeat(N / 4),
      '+1 '.repeat(N / 3),
      'se loger '.repeat(N / 9),
      'a'.repeat(N) + '@' + 'b.'.repeat(N / 2) + 'fr',
      'a.b@c.d 0 6 '.repeat(N / 12),
      `${MASK_TEXT} a@b.fr www.georisques.gouv.fr 06 12 34 56 78 `.repeat(N / 120),
    ];
    const start = performance.now();
    for (const input of inputs) maskContactDetails(input);
    const elapsed = performance.now() - start;
    assert.ok(elapsed < 3000, `took ${elapsed.toFixed(0)} ms`);
  });

  test('compiles its patterns when the masker is created, not per call', () => {
    const Original = globalThis.RegExp;
    let constructed = 0;
    class CountingRegExp extends Original {
      constructor(pattern: string | RegExp, flags?: string) {
        super(pattern, flags);
        constructed++;
      }
    }
    globalThis.RegExp = CountingRegExp as RegExpConstructor;
    try {
      const masker = createMasker();
      assert.ok(constructed > 0, 'patterns are built by createMasker');
      constructed = 0;
      for (const k of MASKING_CORPUS) masker.mask(k.input);
      assert.equal(constructed, 0);
    } finally {
      globalThis.RegExp = Original;
    }
  });
});
