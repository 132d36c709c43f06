/**
 * Throughput of the masking engine on realistic 1,500-character descriptions.
 * Target: ≥ 10,000 descriptions per second on one core.
 *
 *   node --import tsx bench/masking.ts
 */
import { pathToFileURL } from 'node:url';
import { createMasker } from '../src/domain/masking/mask.js';

const TARGET_LENGTH = 1500;
const DURATION_MS = 2000;

const OPENINGS = [
  'Exclusivité ! Au cœur du 11e arrondissement, à deux pas de la place Léon-Blum, appartement familial de 85 m² situé au 3e étage avec ascenseur d’un immeuble haussmannien bien entretenu.',
  'À vendre : maison de ville de 1975 entièrement rénovée, 5 pièces, 120 m² habitables sur un terrain de 1 200 m², garage double et cave. Quartier calme, écoles et commerces à pied.',
  'Location : studio meublé de 28,5 m2 au 2e étage sans ascenseur, idéal étudiant ou jeune actif pour se loger près du campus. Disponible le 01/09/2026.',
  'Dans une copropriété de 120 lots (12 lots principaux), bel appartement traversant de 3 pièces, double séjour parqueté, cuisine équipée, deux chambres sur cour, salle d’eau refaite en 2024-06-30.',
];

const CONTACTS = [
  'Pour visiter, appelez Julie au 06 12 34 56 78 ou écrivez à julie.martin@agence-exemple.fr.',
  'Contact : +33 (0)6 12 34 56 78 – contact [at] agence-exemple [dot] fr – www.agence-exemple.com',
  'Renseignements au zéro six douze trente-quatre cinquante-six soixante-dix-huit, ou sur monagence.immo.',
  'Annonce également visible sur SeLoger et leboncoin ; appelez le 01.43.55.12.12 pour plus d’informations.',
];

const LEGAL = [
  'Prix : 345 000 € FAI, honoraires 5 % TTC à la charge de l’acquéreur (prix hors honoraires 328 571 €). Copropriété de 120 lots, charges annuelles 2 400 €.',
  'DPE : D (230 kWh/m²/an) – GES : E (55 kg CO2/m²/an). Montant estimé des dépenses annuelles d’énergie pour un usage standard : entre 1 050 € et 1 460 € par an. Prix moyens des énergies indexés au 1er janvier 2021.',
  'Agence Exemple, SAS au capital de 10 000 €, RCS Paris 123 456 789, SIRET 123 456 789 00012, TVA FR12123456789, carte professionnelle CPI 7501 2018 000 012 345 délivrée par la CCI de Paris, garantie financière de 110 000 € auprès de la CEGC.',
  'Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : www.georisques.gouv.fr. Loyer 1 250 €/mois charges comprises, dépôt de garantie 2 500 €.',
];

const FILLERS = [
  ' Lumineux et calme, le bien bénéficie d’une belle hauteur sous plafond, de moulures d’origine et d’une vue dégagée sur les toits.',
  ' Proche métro, commerces et écoles, dans un quartier vivant et recherché, à deux pas du marché couvert et des berges.',
  ' La cuisine ouverte donne sur un séjour de 32 m² prolongé par un balcon filant exposé sud-ouest, sans vis-à-vis.',
  ' Travaux de copropriété votés et payés par le vendeur : ravalement de façade et réfection de la cage d’escalier en 2023.',
  ' Chauffage individuel au gaz, double vitrage, parquet en chêne massif, placards intégrés et cave saine en sous-sol.',
  ' Idéal pour se loger près du centre ou pour un investissement locatif, le bien est vendu libre de toute occupation.',
];

/**
 * Builds `count` distinct descriptions of exactly 1,500 characters, each
 * mixing an opening, two contact blocks, two legal blocks and plain text.
 */
export function buildDescriptions(count = 16): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const parts = [
      OPENINGS[i % OPENINGS.length],
      CONTACTS[(i + 1) % CONTACTS.length],
      LEGAL[i % LEGAL.length],
      LEGAL[(i + 2) % LEGAL.length],
      CONTACTS[(i + 3) % CONTACTS.length],
    ];
    let text = parts.join(' ');
    for (let k = i; text.length < TARGET_LENGTH; k++) text += FILLERS[k % FILLERS.length];
    out.push(text.slice(0, TARGET_LENGTH));
  }
  return out;
}

export async function benchMasking(): Promise<{ descriptionsPerSecond: number; chars: number }> {
  const masker = createMasker();
  const descriptions = buildDescriptions();
  const chars = descriptions[0]?.length ?? 0;
  // Warm-up so the measurement sees optimised code, not the interpreter.
  for (let i = 0; i < 2000; i++) masker.mask(descriptions[i % descriptions.length] ?? '');

  let done = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < DURATION_MS) {
    for (let i = 0; i < 200; i++) {
      sink += masker.mask(descriptions[done % descriptions.length] ?? '').masked;
      done++;
    }
    elapsed = performance.now() - start;
  }
  if (sink < 0) throw new Error('unreachable'); // keeps the work observable
  return { descriptionsPerSecond: Math.round((done * 1000) / elapsed), chars };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { descriptionsPerSecond, chars } = await benchMasking();
  console.log(`masking: ${descriptionsPerSecond} descriptions/s (${chars} chars each, one core)`);
}
