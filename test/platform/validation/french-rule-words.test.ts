import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import {
  compileBodyValidator,
  compileTextValidator,
  fieldErrorsFromAjv,
  type AjvIssue,
} from '../../../src/platform/validation/schema-validator.js';
import { FRENCH_RULES } from '../../../src/platform/validation/french-rule-words.js';

/** The pages' French words for a refused address or form, beside the API's English for the same rules. */
const Query = Type.Object(
  {
    type: Type.Optional(Type.Union([Type.Literal('agency'), Type.Literal('listing')])),
    kind: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('agency')])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    nom: Type.Optional(Type.String({ minLength: 1, maxLength: 5 })),
    code: Type.Optional(Type.String({ pattern: '^[0-9]{5}$' })),
  },
  { additionalProperties: false },
);

function refused(query: Record<string, string>) {
  const validate = compileTextValidator(Query);
  assert.equal(validate({ ...query }), false);
  return fieldErrorsFromAjv((validate.errors ?? []) as AjvIssue[], 'adresse', FRENCH_RULES).map((e) => e.message);
}

test('each rule a page’s schema states reads in French, led by the field’s name', () => {
  assert.deepEqual(refused({ type: 'planete' }), ['type doit être l’une de ces valeurs : agency, listing']);
  assert.deepEqual(refused({ kind: 'planete' }), ['kind doit être l’une de ces valeurs : agency, ou vide']);
  assert.deepEqual(refused({ page: '0' }), ['page doit valoir 1 ou plus']);
  assert.deepEqual(refused({ page: '1001' }), [`page doit valoir 1\u202f000 ou moins`]);
  assert.deepEqual(refused({ page: 'deux' }), ['page doit être un nombre entier']);
  assert.deepEqual(refused({ nom: '' }), ['nom ne doit pas être vide']);
  assert.deepEqual(refused({ nom: 'Dupontel' }), ['nom doit compter au plus 5 caractères']);
  assert.deepEqual(refused({ code: '7500' }), ['code doit compter 5 chiffres']);
  assert.deepEqual(refused({ autre: '1' }), ['autre n’est pas un champ connu']);
});

test('the API keeps its English for the same rules', () => {
  const validate = compileTextValidator(Query);
  validate({ type: 'planete', kind: 'planete', page: '0' });
  assert.deepEqual(
    fieldErrorsFromAjv((validate.errors ?? []) as AjvIssue[], 'query').map((e) => e.message),
    ['type must be one of agency, listing', 'kind must be one of agency, or empty', 'page must be 1 or more'],
  );
});

test('a nullable choice says null in words after its values, in both languages, never as one of them', () => {
  const Body = Type.Object({ classe: Type.Union([Type.String({ enum: ['A', 'B'] }), Type.Null()]) });
  const validate = compileBodyValidator(Body);
  assert.equal(validate({ classe: 'Z' }), false);
  const issues = (validate.errors ?? []) as AjvIssue[];
  assert.deepEqual(
    fieldErrorsFromAjv(issues, 'body').map((e) => e.message),
    ['classe must be one of A, B, or null'],
  );
  assert.deepEqual(
    fieldErrorsFromAjv(issues, 'formulaire', FRENCH_RULES).map((e) => e.message),
    ['classe doit être l’une de ces valeurs : A, B, ou vide'],
  );
});
