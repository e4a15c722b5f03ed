// The price of a stay (issue 36 §2, decision 155): the cheapest way to cover its nights with
// months (30 nights), weeks (7) and nights at the room type's rates. A month or a week may cover
// more nights than are left when that is cheaper, so a longer stay never costs less than a shorter
// one (28 nights never cost more than the monthly rate). Amounts in satang.

export const WEEK_NIGHTS = 7;
export const MONTH_NIGHTS = 30;

export interface StayRates {
  nightlyPriceSatang: number;
  weeklyPriceSatang: number | null;
  monthlyPriceSatang: number | null;
}

export function stayPriceSatang(nights: number, rates: StayRates): number {
  if (nights <= 0) return 0;
  const { nightlyPriceSatang: night, weeklyPriceSatang: week, monthlyPriceSatang: month } = rates;
  const maxMonths = month == null ? 0 : Math.ceil(nights / MONTH_NIGHTS);
  let best = nights * night;
  for (let m = 0; m <= maxMonths; m++) {
    const afterMonths = Math.max(0, nights - m * MONTH_NIGHTS);
    const maxWeeks = week == null ? 0 : Math.ceil(afterMonths / WEEK_NIGHTS);
    for (let w = 0; w <= maxWeeks; w++) {
      const rest = Math.max(0, afterMonths - w * WEEK_NIGHTS);
      const total = m * (month ?? 0) + w * (week ?? 0) + rest * night;
      if (total < best) best = total;
    }
  }
  return best;
}
