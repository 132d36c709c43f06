import { maskContactDetails } from '../../domain/masking/mask.js';

/**
 * Free text of the public projection that masking does not already cover (features,
 * neighbourhood, photo labels): masked again as it is shown, so no phone number or e-mail
 * address an agency typed there ever reaches a page. Title and description arrive masked.
 */
export const publicText = (text: string) => maskContactDetails(text).text;
