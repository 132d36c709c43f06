import type { ListingContent, ListingDraft, Photo, PropertyType, Transaction } from '../listing-model/model.js';
import type { LegalFieldName, LegalFields } from '../listing-model/legal-fields.js';
import { LIMITS } from '../listings/limits.js';
import { businessErrors } from '../listings/business-rules.js';
import { readLegalFields } from '../listings/legal-input.js';
import { isHttpUrl, unsafeTextErrors } from '../../platform/validation/text.js';
import { NO_CONTROL_CHARACTERS, echoableId } from '../../platform/validation/storable.js';
import type { LineIssue, RawLine } from './contract.js';
import { LineFields } from './line-fields.js';
import { readMentions } from './read-mentions.js';
import { businessMessage, legalBoundsMessage } from './french-messages.js';
import { PROPERTY_TYPE_CODES, TRANSACTION_CODES, apartmentKindOf, propertyTypeOf, transactionOf } from './codes.js';
import { FEATURE_RANKS, PHOTO_RANKS, PHOTO_TITLE_RANKS, RANK, rankOfField } from './ranks.js';
import { quoted, readYesNo } from './values.js';

/** A line read as a listing: the draft to write, or why the line is refused. */
export type MappedLine =
  | { ok: true; line: number; reference: string | null; externalId: string; draft: ListingDraft; warnings: LineIssue[] }
  | { ok: false; line: number; reference: string | null; externalId: string | null; errors: LineIssue[] };

const WITHOUT_CONTROL_CHARACTERS = new RegExp(NO_CONTROL_CHARACTERS);
const WHOLE_ROOMS = { min: 0, max: LIMITS.rooms, whole: 'integer' } as const;

/** One line of `Annonces.csv` mapped to the listing model (docs/poliris.md), checked against its bounds. */
export function readPolirisLine(raw: RawLine): MappedLine {
  const fields = new LineFields(raw);
  fields.reference = echoableId(fields.value(RANK.reference), LIMITS.reference);
  const refused = (externalId: string | null): MappedLine => ({
    ok: false,
    line: raw.line,
    reference: fields.reference,
    externalId,
    errors: fields.errors,
  });
  for (const unsafe of unsafeTextErrors(raw.fields)) {
    fields.fail(Number(/\d+/.exec(unsafe.field)![0]) + 1, 'unsafe_text', 'un caractère NUL ou un texte qui n’est pas de l’Unicode.');
  }
  if (fields.errors.length > 0) return refused(null);
  const externalId = readExternalId(fields);
  const content = readContent(fields);
  if (fields.errors.length > 0 || !content || !externalId) return refused(externalId ?? null);
  for (const error of businessErrors(content)) {
    const at = rankOfField(error.field);
    fields.fail(at?.rank ?? RANK.technicalId, 'business_rule', businessMessage(error.field, content));
  }
  if (fields.errors.length > 0) return refused(externalId);
  return {
    ok: true,
    line: raw.line,
    reference: fields.reference,
    externalId,
    draft: { externalId, content, status: 'active' },
    warnings: fields.warnings,
  };
}

/**
 * Where a refusal of the write path (a model field such as `price`, `photos[3].url`, `dpeDate`)
 * points in the format: the rank and French name of the field it came from, or null.
 */
export function rankOfModelField(field: string): { rank: number; field: string } | null {
  return rankOfField(field);
}

/** Rank 175, unique and constant over the listing's life: the listing's `externalId`. */
function readExternalId(fields: LineFields): string | undefined {
  const id = fields.text(RANK.technicalId, LIMITS.externalId, true);
  if (id && !WITHOUT_CONTROL_CHARACTERS.test(id))
    return fields.fail(RANK.technicalId, 'invalid_value', 'un caractère de contrôle (tabulation…).');
  return id ?? undefined;
}

function readContent(fields: LineFields): ListingContent | undefined {
  const kind = readKind(fields);
  const place = {
    postcode: readPostcode(fields),
    city: fields.text(RANK.city, LIMITS.city, true),
    addressLine: fields.text(RANK.address, LIMITS.addressLine),
    neighborhood: fields.text(RANK.neighborhood, LIMITS.neighborhood),
  };
  const texts = {
    reference: fields.text(RANK.reference, LIMITS.reference),
    title: fields.text(RANK.title, LIMITS.title, true),
    description: fields.text(RANK.description, LIMITS.description),
  };
  const size = readSize(fields, kind?.propertyType);
  const money = kind ? readPrice(fields, kind.transaction) : undefined;
  const mentions = kind ? readMentions(fields, kind.transaction, money?.price) : undefined;
  const photos = readPhotos(fields);
  const legal = mentions ? checkedLegal(fields, mentions.legal) : {};
  if (fields.errors.length > 0 || !kind || !money || !mentions || !size) return undefined;
  const studio = kind.propertyType === 'studio' && size.rooms > 1;
  // No error was raised: every required field was read, so the content is whole.
  return {
    ...place,
    ...texts,
    transaction: kind.transaction,
    propertyType: studio ? 'apartment' : kind.propertyType,
    ...size,
    ...money,
    priceUnit: 'EUR',
    dpe: mentions.dpe,
    ges: mentions.ges,
    fees: mentions.fees,
    features: readFeatures(fields),
    photos,
    sourceCrm: null,
    createdAtExternal: null,
    updatedAtExternal: null,
    ...legal,
  } as ListingContent;
}

/** Ranks 3 and 4; an apartment is a studio or a duplex by rank 181 (sous-type) or rank 81 (duplex). */
function readKind(fields: LineFields): { transaction: Transaction; propertyType: PropertyType } | undefined {
  const transactionCode = fields.value(RANK.transaction);
  const typeCode = fields.value(RANK.propertyType);
  const transaction = transactionOf(transactionCode);
  let propertyType = propertyTypeOf(typeCode);
  if (!transaction) refuseCode(fields, RANK.transaction, transactionCode, 'unknown_transaction_type', TRANSACTION_CODES);
  if (!propertyType) refuseCode(fields, RANK.propertyType, typeCode, 'unknown_property_type', PROPERTY_TYPE_CODES);
  if (!transaction || !propertyType) return undefined;
  if (propertyType === 'apartment') {
    const duplexFlag = readYesNo(fields.value(RANK.duplex));
    propertyType = apartmentKindOf(fields.value(RANK.subType)) ?? (duplexFlag.ok && duplexFlag.value ? 'duplex' : 'apartment');
  }
  return { transaction, propertyType };
}

function refuseCode(fields: LineFields, rank: number, code: string, issue: string, accepted: readonly string[]): void {
  if (code === '') fields.fail(rank, 'required_field', `ce champ est obligatoire (${accepted.join(', ')}).`);
  else fields.fail(rank, issue, `${quoted(code)} n’est pas publié par le service ; valeurs acceptées : ${accepted.join(', ')}.`);
}

function readPostcode(fields: LineFields): string | undefined {
  const postcode = fields.text(RANK.postcode, 5, true);
  if (postcode && !/^\d{5}$/.test(postcode))
    return fields.fail(RANK.postcode, 'invalid_value', `${quoted(postcode)} n’est pas un code postal de 5 chiffres.`);
  return postcode ?? undefined;
}

/** Surface (16, or 17 for land), rooms (18; none on land and parking is 0), bedrooms (19), floor (24). */
function readSize(fields: LineFields, type: PropertyType | undefined) {
  const squareMetres = { min: 1, max: LIMITS.surface, whole: 'round' } as const;
  let surface = fields.number(RANK.surface, squareMetres);
  if (surface === null && type === 'land') surface = fields.number(RANK.landSurface, squareMetres);
  if (surface === null)
    surface = fields.fail(RANK.surface, 'required_field', 'ce champ est obligatoire (pour un terrain, le rang 17 suffit).');
  let rooms = fields.number(RANK.rooms, WHOLE_ROOMS);
  if (rooms === null && (type === 'land' || type === 'parking')) rooms = 0;
  if (rooms === null) rooms = fields.fail(RANK.rooms, 'required_field', 'ce champ est obligatoire.');
  const bedrooms = fields.number(RANK.bedrooms, WHOLE_ROOMS);
  const floor = fields.number(RANK.floor, { min: LIMITS.floorMin, max: LIMITS.floorMax, whole: 'integer' });
  if (surface === undefined || rooms === undefined || bedrooms === undefined || floor === undefined) return undefined;
  return { surface, rooms, bedrooms, floor };
}

/**
 * Rank 11. A rental's rent is written charges included unless rank 13 says NON; the model
 * holds the rent without charges (23) beside them.
 */
function readPrice(fields: LineFields, transaction: Transaction): { price: number; charges: number | null } | undefined {
  const written = fields.number(RANK.price, { required: true, min: 1, max: LIMITS.price, whole: 'euros' });
  if (transaction !== 'rental') return written == null ? undefined : { price: written, charges: null };
  const charges = fields.number(RANK.charges, { min: 0, max: LIMITS.charges, whole: 'euros' });
  const includesCharges = readYesNo(fields.value(RANK.rentIncludesCharges));
  if (written == null || charges === undefined) return undefined;
  const price = includesCharges.ok && includesCharges.value === false ? written : written - (charges ?? 0);
  if (price < 1)
    return fields.fail(RANK.price, 'out_of_range', `le loyer charges comprises (${written} €) doit dépasser les charges (${charges} €).`);
  return { price, charges };
}

/** Photos 1–30 by URL with their titles; a file name is not read (photos are not hosted) and said once. */
function readPhotos(fields: LineFields): Photo[] {
  const photos: Photo[] = [];
  let firstFile: number | null = null;
  let files = 0;
  PHOTO_RANKS.forEach((rank, i) => {
    const url = fields.value(rank);
    if (url === '') return;
    if (!isHttpUrl(url)) {
      firstFile ??= rank;
      files += 1;
      return;
    }
    if (url.length > LIMITS.url)
      return fields.fail(rank, 'field_too_long', `une adresse de ${url.length} caractères, le service en accepte ${LIMITS.url} au plus.`);
    const label = fields.text(PHOTO_TITLE_RANKS[i]!, LIMITS.label);
    photos.push({ url, label: label ?? null, order: photos.length });
  });
  if (firstFile !== null)
    fields.warn(
      firstFile,
      'photo_file_not_hosted',
      `${files} photo(s) données par nom de fichier ne sont pas reprises : le service ne prend les photos que par URL (http ou https).`,
    );
  return photos;
}

/** Amenity ranks holding OUI; a value that is neither OUI nor NON there is let go rather than refusing the listing. */
function readFeatures(fields: LineFields): string[] {
  return FEATURE_RANKS.filter(({ rank }) => {
    const read = readYesNo(fields.value(rank));
    return read.ok && read.value === true;
  }).map(({ feature }) => feature);
}

/** The legal mentions read, checked by their owner; each refusal points at its rank. */
function checkedLegal(fields: LineFields, candidates: Partial<Record<LegalFieldName, unknown>>): LegalFields {
  const given = Object.fromEntries(Object.entries(candidates).filter(([, value]) => value !== undefined));
  return readLegalFields(given, (field) => {
    const at = rankOfField(field);
    return fields.fail(at?.rank ?? RANK.technicalId, 'out_of_range', legalBoundsMessage(field as LegalFieldName));
  });
}
