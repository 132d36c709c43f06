import type { Reason, Rule } from './reason.js';

/**
 * Contact details are masked before publication (docs/decisions.md §8), so the listing is fine to
 * publish; the remark tells the agency why part of its text does not show.
 */
export const maskedContactDetails: Rule = {
  code: 'contact_details_masked',
  check(_content, context): Reason | null {
    const count = context.maskedContactDetails ?? 0;
    if (count <= 0) return null;
    return { code: 'contact_details_masked', severity: 'note', params: { count } };
  },
  describe({ count }) {
    const fr = count === 1 ? 'Une coordonnée a été masquée' : `${count} coordonnées ont été masquées`;
    const en = count === 1 ? 'One contact detail was masked' : `${count} contact details were masked`;
    return {
      fr: `${fr} dans le titre ou la description : les contacts passent par le site. Retirez téléphones, e-mails et adresses web du texte de l’annonce.`,
      en: `${en} in the title or description: contacts go through the site. Remove phone numbers, e-mail and web addresses from the ad text.`,
    };
  },
};
