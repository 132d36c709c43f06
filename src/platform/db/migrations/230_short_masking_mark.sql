-- The mark masking leaves in public titles and descriptions is short now, « [coordonnées
-- masquées] », and the listing page explains it once (docs/decisions.md §8). Texts masked before
-- hold the long mark of old, a fixed string: it becomes the short one here, so that the site, the
-- relay feed, the passerelle export and mails, which all read these columns, agree at once.
-- Details a sentence links (« … ou écrivez à … ») share one mark when their listing is next
-- written; until then each keeps its own, short. The keyword index leaves either mark out of its
-- documents (src/domain/public-listings/keyword-index.ts), so its documents and their hashes are
-- the same before and after.
UPDATE listings l
   SET public_title = replace(l.public_title, m.old, m.new),
       public_description = replace(l.public_description, m.old, m.new),
       published_title = replace(l.published_title, m.old, m.new),
       published_description = replace(l.published_description, m.old, m.new)
  FROM (VALUES ('[coordonnées masquées – contactez l''agence via la messagerie du site]', '[coordonnées masquées]')) AS m (old, new)
 WHERE strpos(l.public_title, m.old) > 0 OR strpos(l.public_description, m.old) > 0
    OR strpos(l.published_title, m.old) > 0 OR strpos(l.published_description, m.old) > 0;
