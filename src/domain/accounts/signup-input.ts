import { AGENCY_NAME_MAX, PLANS, type Plan } from '../agencies/plans.js';
import { normaliseSiren } from '../agencies/siren.js';
import { isEmailAddress } from '../credentials/email.js';
import { passwordProblem } from '../credentials/password-strength.js';
import type { FieldError } from '../../platform/outcome.js';
import { unstorableTextReason } from '../../platform/validation/storable.js';
import type { SignUp } from './user-store.js';

/**
 * Checks a form's fields as people type them; messages in French, one per field. The password is
 * judged against what the account is known by: the e-mail and agency name typed, and `context`
 * (the agency an invitation joins).
 */
export function checkAccountFields(
  fields: Record<string, unknown>,
  wanted: ReadonlyArray<'agencyName' | 'siren' | 'email' | 'password' | 'plan'>,
  context: readonly string[] = [],
): { values: Record<string, string>; errors: FieldError[] } {
  const values: Record<string, string> = {};
  const errors: FieldError[] = [];
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  const known = [text('email'), text('agencyName'), ...context];
  for (const name of wanted) {
    const value = text(name);
    values[name] = value;
    if (unstorableTextReason(value) !== null) {
      errors.push({ field: name, message: 'Ce champ contient des caractères invalides.' });
      continue;
    }
    if (name === 'agencyName' && (value.trim().length === 0 || value.length > AGENCY_NAME_MAX))
      errors.push({ field: name, message: `Indiquez le nom de l’agence (${AGENCY_NAME_MAX} caractères au plus).` });
    if (name === 'siren') {
      const siren = normaliseSiren(value);
      if (!siren)
        errors.push({
          field: name,
          message: 'Le SIREN compte 9 chiffres et sa clé de contrôle doit être valide (vérifiez-le sur votre extrait Kbis).',
        });
      else values[name] = siren;
    }
    if (name === 'email' && !isEmailAddress(value.trim()))
      errors.push({ field: name, message: 'Indiquez une adresse e-mail valide, comme nom@agence.fr.' });
    const weakness = name === 'password' ? passwordProblem(value, known) : null;
    if (weakness) errors.push({ field: name, message: weakness });
    if (name === 'plan' && !PLANS.includes(value as Plan)) errors.push({ field: name, message: 'Choisissez une formule.' });
  }
  return { values, errors };
}

export const signUpOf = (values: Record<string, string>): SignUp => ({
  agencyName: values.agencyName!,
  siren: values.siren!,
  email: values.email!,
  password: values.password!,
  plan: values.plan as Plan,
});
