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
    // Counted in marks, not details: details a sentence links share one mark (docs/decisions.md §8).
    const fr = `Des coordonnées ont été masquées à ${count === 1 ? 'un endroit' : `${count} endroits`}`;
    const en = `Contact details were masked in ${count === 1 ? 'one place' : `${count} places`}`;
    return {
      fr: `${fr} dans le titre ou la description : les contacts passent par le site. Retirez téléphones, e-mails et adresses web du texte de l’annonce.`,
      en: `${en} in the title or description: contacts go through the site. Remove phone numbers, e-mail and web addresses from the ad text.`,
    };
  },
};
