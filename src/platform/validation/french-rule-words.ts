import { frenchWhole } from '../french-numbers.js';
import { NO_CONTROL_CHARACTERS } from './storable.js';
import { choiceList, STORABLE_TEXT, type AjvIssue, type RuleWords } from './rule-words.js';

/**
 * The rules of a refused form or address, in French, for the pages of the pro space and the
 * back-office: « type doit être l’une de ces valeurs : agency, listing », never the API's English
 * on a French page. The field keeps the name the address or the form uses.
 */
const TYPE_WORDS: Record<string, string> = {
  integer: 'un nombre entier',
  number: 'un nombre',
  string: 'un texte',
  boolean: 'true ou false',
  array: 'une liste',
  object: 'un objet',
  null: 'vide',
};

const FORMAT_WORDS: Record<string, string> = {
  'date-time': 'doit être une date et une heure comme 2026-03-01T09:30:00Z',
  date: 'doit être une date écrite AAAA-MM-JJ, comme 2026-03-01',
  uri: 'doit être une adresse web complète',
  email: 'doit être une adresse e-mail',
};

const PATTERN_WORDS: Record<string, string> = {
  [NO_CONTROL_CHARACTERS]: 'ne doit pas contenir de caractères de contrôle',
  '^[0-9]{5}$': 'doit compter 5 chiffres',
  '^https?://': 'doit commencer par http:// ou https://',
};

const count = (value: unknown, word: string) => `${frenchWhole(Number(value))} ${word}${Number(value) > 1 ? 's' : ''}`;
const typeWords = (types: string[]) => types.map((type) => TYPE_WORDS[type] ?? type).join(' ou ');

function frenchRule(issue: AjvIssue): string {
  const { params } = issue;
  const limit = frenchWhole(Number(params.limit));
  switch (issue.keyword) {
    case 'minLength':
      return Number(params.limit) === 1 ? 'ne doit pas être vide' : `doit compter au moins ${count(params.limit, 'caractère')}`;
    case 'maxLength':
      return `doit compter au plus ${count(params.limit, 'caractère')}`;
    case 'minItems':
      return `doit compter au moins ${count(params.limit, 'élément')}`;
    case 'maxItems':
      return `doit compter au plus ${count(params.limit, 'élément')}`;
    case 'minimum':
      return `doit valoir ${limit} ou plus`;
    case 'maximum':
      return `doit valoir ${limit} ou moins`;
    case 'exclusiveMinimum':
      return `doit valoir plus de ${limit}`;
    case 'exclusiveMaximum':
      return `doit valoir moins de ${limit}`;
    case 'enum':
      return FRENCH_RULES.choices(params.allowedValues as unknown[]);
    case 'const':
      return `doit valoir ${String(params.allowedValue)}`;
    case 'format':
      return FORMAT_WORDS[String(params.format)] ?? `doit être au format ${String(params.format)}`;
    case 'pattern': {
      const pattern = String(params.pattern);
      const id = /^\^(lst|agc|key)_/.exec(pattern);
      if (id) return `doit être un identifiant comme ${id[1]}_0AbC… (${id[1]}_ puis des lettres et des chiffres)`;
      return PATTERN_WORDS[pattern] ?? `doit suivre le motif ${pattern}`;
    }
    case 'type':
      return `doit être ${typeWords(String(params.type).split(','))}`;
    case STORABLE_TEXT:
      return 'doit être un texte sans caractère nul ni caractère Unicode incomplet';
    default:
      // A rule no page's schema uses today: its name at least says which one failed.
      return `ne respecte pas la règle « ${issue.keyword} »`;
  }
}

export const FRENCH_RULES: RuleWords = {
  required: 'est obligatoire',
  unknownField: 'n’est pas un champ connu',
  emptyName: 'a un champ sans nom, inconnu',
  noForm: 'n’a aucune des formes admises',
  // Null is « vide » on a page, as in TYPE_WORDS: said once when a choice admits both.
  choices: (values) => `doit être l’une de ces valeurs : ${choiceList(values, ', ou vide', ', ou vide')}`,
  types: (types) => `doit être ${typeWords(types)}`,
  rule: frenchRule,
};
