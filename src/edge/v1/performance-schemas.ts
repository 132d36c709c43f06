import { Type } from 'typebox';
import { ServiceId } from '../../domain/listings/schemas.js';
import { PERIOD_DEFAULT_DAYS, PERIOD_MAX_DAYS } from '../../domain/audience/period.js';
import { Count } from '../../platform/validation/schema-types.js';

/** JSON Schemas of the audience operations of v1 (docs/decisions.md §17): they validate, serialise and document. */

/** No count comes near it; the bound keeps the description honest about the JSON numbers sent. */
const COUNT_MAX = Number.MAX_SAFE_INTEGER;

const Day = (description: string) => Type.String({ format: 'date', maxLength: 10, description });

export const PeriodQuery = Type.Object(
  {
    from: Type.Optional(
      Day(`First day, YYYY-MM-DD (a day in Europe/Paris), included. Default: the ${PERIOD_DEFAULT_DAYS} days ending on to.`),
    ),
    to: Type.Optional(Day('Last day, YYYY-MM-DD (a day in Europe/Paris), included. Default: today in Paris.')),
  },
  { additionalProperties: false },
);

const Counts = (description: string) =>
  Type.Object(
    {
      searchAppearances: Count(COUNT_MAX, { description: 'Times the listing was shown on a results page or the home page of the site.' }),
      detailViews: Count(COUNT_MAX, { description: 'Times its public page was answered (200), from the page cache or not.' }),
      leads: Count(COUNT_MAX, { description: 'Conversations visitors opened on it through the site.' }),
    },
    { additionalProperties: false, description },
  );

const AudienceDay = Type.Object(
  {
    day: Type.String({ format: 'date', maxLength: 10, description: 'A day in Europe/Paris.' }),
    desktop: Counts('Visits from computers.'),
    mobile: Counts('Visits from phones and tablets whose browser says so.'),
    total: Counts('desktop and mobile together.'),
  },
  { additionalProperties: false },
);

const reportFields = {
  from: Type.String({ format: 'date', maxLength: 10, description: 'First day of the period, included.' }),
  to: Type.String({ format: 'date', maxLength: 10, description: 'Last day of the period, included.' }),
  days: Type.Array(AudienceDay, {
    maxItems: PERIOD_MAX_DAYS,
    description: 'Every day of the period, oldest first, days without visits included (zeros).',
  }),
  total: Counts('The whole period.'),
};

const EXAMPLE_DAY = {
  day: '2026-11-23',
  desktop: { searchAppearances: 212, detailViews: 18, leads: 1 },
  mobile: { searchAppearances: 341, detailViews: 29, leads: 0 },
  total: { searchAppearances: 553, detailViews: 47, leads: 1 },
};

export const ListingPerformance = Type.Object(
  { serviceId: ServiceId('The listing.'), ...reportFields },
  {
    additionalProperties: false,
    description: 'The listing’s audience on the public site, day by day.',
    examples: [
      {
        serviceId: 'lst_0Ph3kR9cY2pQ8vN1dF6gH',
        from: '2026-11-23',
        to: '2026-11-23',
        days: [EXAMPLE_DAY],
        total: EXAMPLE_DAY.total,
      },
    ],
  },
);

export const AgencyPerformance = Type.Object(reportFields, {
  additionalProperties: false,
  description: 'The audience of all the agency’s listings on the public site, day by day.',
  examples: [{ from: '2026-11-23', to: '2026-11-23', days: [EXAMPLE_DAY], total: EXAMPLE_DAY.total }],
});
