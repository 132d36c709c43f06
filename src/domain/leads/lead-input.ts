import type { FieldError } from '../../platform/outcome.js';
import { frenchWhole } from '../../platform/french-numbers.js';
import { isEmailAddress } from '../credentials/email.js';
import { unstorableTextReason } from '../../platform/validation/storable.js';

/** What a visitor sends about a listing (docs/decisions.md §12). */
export interface LeadInput {
  name: string;
  email: string;
  phone: string | null;
  message: string;
}

/** A message of either side is plain text of at most 5,000 characters (docs/decisions.md §16). */
export const MESSAGE_MAX = 5000;

export const LEAD_LIMITS = { name: 100, email: 254, phone: 30, message: MESSAGE_MAX } as const;
const PHONE = /^\+?[0-9 .()-]{6,30}$/;

const text = (value: unknown) =>
  typeof (Array.isArray(value) ? value[0] : value) === 'string' ? String(Array.isArray(value) ? value[0] : value).trim() : '';

/**
 * Checks a contact form's fields, each with a French message a visitor understands. The
 * message is kept as typed (HTML included): it is text, escaped wherever it is shown.
 */
export function checkLeadInput(
  fields: Record<string, unknown>,
): { ok: true; input: LeadInput } | { ok: false; errors: FieldError[]; typed: Record<keyof LeadInput, string> } {
  const typed = { name: text(fields.name), email: text(fields.email), phone: text(fields.phone), message: text(fields.message) };
  const errors: FieldError[] = [];
  for (const [field, value] of Object.entries(typed) as Array<[keyof LeadInput, string]>) {
    if (unstorableTextReason(value) !== null) errors.push({ field, message: 'Ce champ contient des caractères invalides.' });
    else if (value.length > LEAD_LIMITS[field])
      errors.push({
        field,
        message: `Ce champ doit compter au plus ${frenchWhole(LEAD_LIMITS[field])} caractères (il en compte ${frenchWhole(value.length)}).`,
      });
  }
  const has = (field: string) => errors.some((e) => e.field === field);
  if (!has('name') && typed.name === '') errors.push({ field: 'name', message: 'Indiquez votre nom.' });
  if (!has('email') && !isEmailAddress(typed.email)) {
    errors.push({
      field: 'email',
      message:
        typed.email === ''
          ? 'Indiquez votre adresse e-mail, pour que l’agence vous réponde.'
          : 'Cette adresse e-mail n’est pas valide (exemple : prenom.nom@exemple.fr).',
    });
  }
  if (!has('phone') && typed.phone !== '' && !PHONE.test(typed.phone))
    errors.push({ field: 'phone', message: 'Ce numéro de téléphone n’est pas valide (exemple : 06 12 34 56 78).' });
  if (!has('message') && typed.message === '') errors.push({ field: 'message', message: 'Écrivez votre message à l’agence.' });
  const order = ['name', 'email', 'phone', 'message'];
  errors.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  if (errors.length) return { ok: false, errors, typed };
  return {
    ok: true,
    input: { name: typed.name, email: typed.email, phone: typed.phone === '' ? null : typed.phone, message: typed.message },
  };
}

/** Why a reply's text is refused, in no language: each interface words it for its readers. */
export type MessageTextFault = { fault: 'invalid_characters' } | { fault: 'empty' } | { fault: 'too_long'; length: number };

/**
 * A reply of either side (the visitor on the private page, the agency in the pro space or
 * through the API): the text as typed, surrounding blank lines trimmed, or why it is refused.
 */
export function readMessageText(value: unknown): { ok: true; text: string } | ({ ok: false } & MessageTextFault) {
  const typed = typeof value === 'string' ? value.replace(/^\s*\n|\s+$/g, '') : '';
  if (unstorableTextReason(typed) !== null) return { ok: false, fault: 'invalid_characters' };
  if (typed.trim() === '') return { ok: false, fault: 'empty' };
  if (typed.length > MESSAGE_MAX) return { ok: false, fault: 'too_long', length: typed.length };
  return { ok: true, text: typed };
}

/** readMessageText with a French message a person understands (the pages, the domain's refusals). */
export function checkMessageText(value: unknown): { ok: true; text: string } | { ok: false; error: FieldError } {
  const read = readMessageText(value);
  if (read.ok) return read;
  const message =
    read.fault === 'invalid_characters'
      ? 'Ce message contient des caractères invalides.'
      : read.fault === 'empty'
        ? 'Écrivez votre message.'
        : `Un message compte au plus ${frenchWhole(MESSAGE_MAX)} caractères (celui-ci en compte ${frenchWhole(read.length)}).`;
  return { ok: false, error: { field: 'text', message } };
}
