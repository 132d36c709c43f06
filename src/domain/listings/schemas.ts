import { Type, type TSchema } from 'typebox';
import { LIMITS } from './limits.js';
import { FEES_PAID_BY, MODERATION_STATES } from '../listing-model/model.js';
import { Count, DateTime, IdString, Int, Text } from '../../platform/validation/schema-types.js';
import { NO_CONTROL_CHARACTERS } from '../../platform/validation/storable.js';
import { LEGAL_FIELDS, type LegalFieldName } from '../listing-model/legal-fields.js';
import { COMPLIANCE_RULES } from '../compliance/legal-mention-rules.js';
import { WARNING_CODES, WARNING_FIELDS } from './warnings.js';
import { FIELD_MESSAGE_MAX } from '../../platform/validation/schema-validator.js';

/**
 * Masking replaces each contact detail (at least 4 characters) with a 68-character notice,
 * so a public text is at most 17 times its original.
 */
export const PUBLIC_TEXT_GROWTH = 17;

/** Schema pieces of the listing that both interfaces use, written once so their rules and words never drift apart. */
export const ServiceId = (
  description = 'The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it.',
) => IdString('lst', { minLength: 5, description });

/** The agency’s own identifier of a listing: any text but control characters. */
export const ExternalId = (description?: string) =>
  Type.String({ minLength: 1, maxLength: LIMITS.externalId, pattern: NO_CONTROL_CHARACTERS, ...(description ? { description } : {}) });

/** An operator's reason is at most 1,000 characters; rule messages are shorter. */
export const OPERATOR_REASON_MAX = 1000;
const MODERATION_MESSAGE_MAX = OPERATOR_REASON_MAX + 200;

export const ModerationReasonSchema = () =>
  Type.Object({
    code: Type.String({
      maxLength: 64,
      pattern: '^[a-z0-9_]+$',
      description: 'Stable code of the rule (or operator) that spoke, e.g. dpe_missing, likely_duplicate, operator.',
    }),
    severity: Type.String({
      enum: ['reject', 'review', 'note'],
      description: 'reject: refused; review: waits for an operator; note: a remark that never holds the listing back.',
    }),
    message: Text(MODERATION_MESSAGE_MAX, { description: 'What the rule found and what to do, in English.' }),
    messageFr: Text(MODERATION_MESSAGE_MAX, { description: 'The same in French, as the pro space shows it.' }),
  });

export const Moderation = () =>
  Type.Object(
    {
      state: Type.String({
        enum: [...MODERATION_STATES],
        description: 'pending: waits for an operator; approved: public (when shared and on sale or to let); rejected.',
      }),
      reasons: Type.Array(ModerationReasonSchema(), {
        maxItems: 50,
        description: 'Why moderation decided so, one entry per rule that spoke.',
      }),
      decidedAt: Type.Union([DateTime(), Type.Null()], { description: 'When the latest version was decided; null while it waits.' }),
      publishedVersion: Type.Union([Count(), Type.Null()], {
        description:
          'The version the public site shows: the last approved one. It stays public while a newer version waits. Null when none is.',
      }),
    },
    {
      description:
        'Automatic moderation runs on creation and on every content change (docs/decisions.md §11). A change of price or charges alone of an approved listing never waits.',
    },
  );

/** What moderation made of a written listing, in write answers (push, batch, v1 POST). */
export const ModerationSummary = () =>
  Type.Object(
    {
      state: Type.String({ enum: [...MODERATION_STATES] }),
      reasons: Type.Array(ModerationReasonSchema(), { maxItems: 50 }),
      publishedVersion: Type.Union([Count(), Type.Null()]),
    },
    {
      description:
        'The automatic moderation of this version: approved (public at once), pending (waits for an operator, with reasons) or rejected.',
    },
  );

/**
 * The same in a bulk answer (a push, a v1 batch): each reason's code and severity only, as the
 * compliance codes are, so that 500 listings' answer stays small (with both messages, a push of
 * 500 look-alike listings answered ~670 KB, and writing and reading that was a tenth of the push's
 * time); a read of the listing gives each reason with its messages.
 */
export const BulkModerationSummary = () =>
  Type.Object(
    {
      state: Type.String({ enum: [...MODERATION_STATES] }),
      reasons: Type.Array(
        Type.Object({
          code: Type.String({
            maxLength: 64,
            pattern: '^[a-z0-9_]+$',
            description: 'Stable code of the rule that spoke (the README lists them; read the listing for the messages).',
          }),
          severity: Type.String({ enum: ['reject', 'review', 'note'] }),
        }),
        { maxItems: 50 },
      ),
      publishedVersion: Type.Union([Count(), Type.Null()]),
    },
    {
      description:
        'The automatic moderation of this version: approved (public at once), pending (waits for an operator) or rejected, with the codes of the reasons; a read of the listing gives their messages.',
    },
  );

/** The agency's fees, under the same names on both interfaces (ingestion since it carries them, v1 from the start). */
export const Fees = Type.Object(
  {
    agencyFees: Type.Optional(Type.Union([Int(0, LIMITS.price, { description: 'Whole euros.' }), Type.Null()])),
    feesPaidBy: Type.Optional(
      Type.Union([
        Type.String({ enum: [...FEES_PAID_BY], description: 'seller or buyer for sales; landlord or tenant for rentals.' }),
        Type.Null(),
      ]),
    ),
    feeIncluded: Type.Optional(Type.Union([Type.Boolean({ description: 'Whether price includes the agency fees.' }), Type.Null()])),
  },
  { additionalProperties: false },
);

/** The legal-mention fields (docs/interfaces.md, "Legal mentions"), the same on both interfaces: each nullable and optional where a body takes it. */
export const LEGAL_FIELD_SCHEMAS = Object.fromEntries(
  (Object.entries(LEGAL_FIELDS) as Array<[LegalFieldName, (typeof LEGAL_FIELDS)[LegalFieldName]]>).map(([name, spec]) => {
    const base =
      spec.kind === 'boolean'
        ? Type.Boolean({ description: spec.description })
        : spec.kind === 'date'
          ? Type.String({ format: 'date', maxLength: 10, description: spec.description })
          : spec.kind === 'integer'
            ? Type.Integer({ minimum: spec.min, maximum: spec.max, format: 'int32', description: spec.description })
            : Type.Number({ minimum: spec.min, maximum: spec.max, format: 'double', description: spec.description });
    return [name, Type.Union([base, Type.Null()])];
  }),
) as unknown as Record<LegalFieldName, TSchema>;

/** What the law asks the ad to say and it does not (yet): remarks that never block publication. */
export const Compliance = Type.Array(
  Type.Object({
    code: Type.String({ enum: Object.keys(COMPLIANCE_RULES), description: 'Stable code of the legal-mention rule.' }),
    message: Text(400, { description: 'What is missing, in English.' }),
    messageFr: Text(400, { description: 'The same in French, as the pro space shows it.' }),
  }),
  {
    maxItems: Object.keys(COMPLIANCE_RULES).length,
    description: 'Legal mentions the ad lacks (French law). Warnings only: publication is decided by moderation.',
  },
);

/**
 * The same warnings in a bulk answer (a push, a v1 batch): their codes only, so that 500
 * listings' answer stays small; a read of the listing gives each with its messages.
 */
export const ComplianceCodes = Type.Array(Type.String({ enum: Object.keys(COMPLIANCE_RULES) }), {
  maxItems: Object.keys(COMPLIANCE_RULES).length,
  description:
    'Codes of the legal mentions the ad lacks (warnings only; read the listing for their messages, or see the codes in the README).',
});

/** The members of a remark on an accepted listing (warnings.ts), the same on both interfaces. */
export const WarningMembers = {
  code: Type.String({
    enum: [...WARNING_CODES],
    description:
      'title_long: over 100 characters, cut on the site; contact_details_masked: masking replaced contact details in the field; ' +
      'postcode_city_mismatch: no commune of the postcode bears the city; postcode_unknown: no commune has the postcode.',
  }),
  field: Type.String({ enum: [...WARNING_FIELDS], description: 'The field the warning is about.' }),
  message: Text(FIELD_MESSAGE_MAX, { description: 'In English.' }),
  messageFr: Text(FIELD_MESSAGE_MAX, { description: 'The same in French, as the pro space shows it.' }),
};

const placeName = (description: string) => Type.Union([Type.String({ maxLength: 100 }), Type.Null()], { description });

/** Where the service placed a listing (docs/geography.md): nulls where the postcode and city name no commune. */
export const LocationSchema = () =>
  Type.Object(
    {
      inseeCode: Type.Union([Type.String({ maxLength: 5, pattern: '^[0-9][0-9AB][0-9]{3}$' }), Type.Null()], {
        description: 'INSEE code of the commune, or of the arrondissement municipal in Paris, Lyon and Marseille (69383).',
      }),
      commune: placeName('Official name of the commune (« Lyon 3e Arrondissement »).'),
      departmentCode: Type.Union([Type.String({ maxLength: 3, pattern: '^(?:[0-9]{2}|2A|2B|9[78][0-9])$' }), Type.Null()], {
        description: 'Département code: 01–95, 2A and 2B (Corsica), 971–976 and the overseas collectivities.',
      }),
      department: placeName('Official name of the département.'),
      regionCode: Type.Union([Type.String({ maxLength: 3, pattern: '^[0-9]{2,3}$' }), Type.Null()], {
        description: 'INSEE code of the région.',
      }),
      region: placeName('Official name of the région.'),
    },
    {
      additionalProperties: false,
      description:
        'The listing’s place in the official geography, read by the service from postcode and city. The commune is null when ' +
        'they name none (see warnings); the département and région stay known when every commune of the postcode shares them.',
    },
  );
