import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pickRateCard,
  rateCardMatches,
  rateCardsClash,
  rateCardSpecificity,
  rateCardSpecificityLabel,
  type RateCardTerms,
  type RatedTicket,
} from './payouts.ts';

// docs/payouts.md#which-card-applies: the most specific matching card of the ticket's partner,
// in force on its closing day.

/** Two services in each of two categories. */
const CATEGORY_OF: Record<string, string> = { s1: 'c1', s2: 'c1', s3: 'c2', s4: 'c2' };
const day = fc.integer({ min: 1, max: 28 }).map((n) => `2026-04-${String(n).padStart(2, '0')}`);

type Card = RateCardTerms & { id: string; amount_paise: number };

const card: fc.Arbitrary<Omit<Card, 'id'>> = fc
  .record({
    party_id: fc.constantFrom('p1', 'p2'),
    target: fc.constantFrom('service', 'category', 'none'),
    service: fc.constantFrom('s1', 's2', 's3', 's4'),
    category: fc.constantFrom('c1', 'c2'),
    service_type_id: fc.constantFrom(null, 't1', 't2'),
    territory_category_id: fc.constantFrom(null, 'k1', 'k2'),
    from: day,
    length: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
    amount_paise: fc.integer({ min: 0, max: 10_000_000 }),
  })
  .map(({ target, service, category, from, length, ...rest }) => ({
    ...rest,
    service_id: target === 'service' ? service : null,
    // A service's card is for the service's category, as the server stores it.
    category_id: target === 'service' ? CATEGORY_OF[service] : target === 'category' ? category : null,
    valid_from: from,
    valid_until:
      length === null
        ? null
        : new Date(Date.parse(`${from}T00:00:00Z`) + length * 86_400_000).toISOString().slice(0, 10),
  }));

const cards = fc
  .array(card, { maxLength: 25 })
  .map((list) => list.map((item, index) => ({ ...item, id: `card-${index}` })));

const ticket: fc.Arbitrary<RatedTicket> = fc
  .record({
    partner_party_id: fc.constantFrom('p1', 'p2'),
    service_id: fc.constantFrom('s1', 's2', 's3', 's4'),
    service_type_id: fc.constantFrom(null, 't1', 't2'),
    territory_category_id: fc.constantFrom(null, 'k1', 'k2'),
    day,
  })
  .map((value) => ({ ...value, category_id: CATEGORY_OF[value.service_id] }));

/**
 * The order written in DOMAIN "Money", rung by rung, highest first, as the fields a card names:
 * service + service type + territory category, then dropping territory category, then service type,
 * then service -> category, then the partner's default. Independent of rateCardSpecificity.
 */
const DOCUMENTED_RUNGS: string[] = ['service', 'category', 'partner'].flatMap((target) => [
  `${target}+type+territory`,
  `${target}+type`,
  `${target}+territory`,
  target,
]);
const rungOf = (card: Card) =>
  DOCUMENTED_RUNGS.indexOf(
    [
      card.service_id ? 'service' : card.category_id ? 'category' : 'partner',
      card.service_type_id ? 'type' : null,
      card.territory_category_id ? 'territory' : null,
    ]
      .filter(Boolean)
      .join('+'),
  );

describe('which rate card prices a closed ticket', () => {
  it('picks a matching card of the highest documented rung, and none only when none matches', () => {
    fc.assert(
      fc.property(cards, ticket, (all, closed) => {
        const picked = pickRateCard(all, closed);
        const matching = all.filter((candidate) => rateCardMatches(candidate, closed));
        if (matching.length === 0) {
          expect(picked).toBeNull();
          return;
        }
        expect(picked).not.toBeNull();
        expect(rateCardMatches(picked!, closed)).toBe(true);
        const best = Math.min(...matching.map(rungOf));
        expect(rungOf(picked!)).toBe(best);
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on the order the cards are read in', () => {
    fc.assert(
      fc.property(
        cards.chain((all) => fc.tuple(fc.constant(all), fc.shuffledSubarray(all, { minLength: all.length }))),
        ticket,
        ([all, shuffled], closed) => {
          expect(pickRateCard(shuffled, closed)?.id).toBe(pickRateCard(all, closed)?.id);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves exactly one candidate at the top once clashing cards are refused', () => {
    fc.assert(
      fc.property(cards, ticket, (all, closed) => {
        // What saving them one by one would have kept: each card that clashes with none kept before.
        const kept: Card[] = [];
        for (const candidate of all) {
          if (!kept.some((other) => rateCardsClash(other, candidate))) kept.push(candidate);
        }
        const matching = kept.filter((candidate) => rateCardMatches(candidate, closed));
        if (matching.length === 0) return;
        const top = Math.max(...matching.map(rateCardSpecificity));
        expect(matching.filter((candidate) => rateCardSpecificity(candidate) === top)).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });

  it('calls a clash symmetric, and never between two different partners', () => {
    fc.assert(
      fc.property(card, card, (a, b) => {
        expect(rateCardsClash(a, b)).toBe(rateCardsClash(b, a));
        if (a.party_id !== b.party_id) expect(rateCardsClash(a, b)).toBe(false);
      }),
    );
  });

  it('names each rung as the screen lists it', () => {
    const base = {
      party_id: 'p1',
      service_id: null,
      category_id: null,
      service_type_id: null,
      territory_category_id: null,
    };
    expect(rateCardSpecificityLabel(base)).toBe("Partner's default");
    expect(rateCardSpecificityLabel({ ...base, category_id: 'c1', territory_category_id: 'k1' })).toBe(
      'Category + territory category',
    );
    expect(
      rateCardSpecificityLabel({
        ...base,
        service_id: 's1',
        category_id: 'c1',
        service_type_id: 't1',
        territory_category_id: 'k1',
      }),
    ).toBe('Service + service type + territory category');
    expect(rateCardSpecificityLabel({ ...base, service_type_id: 't1' })).toBe('Service type');
  });
});
