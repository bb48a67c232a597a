import type { I18n } from '@lingui/core';
import type { IpoOffering } from '../../../contract/ipo';
import { formatMoney } from '../../../contract/money';
import type { Locale } from '../../../contract/locales';

/** An amount of the offering's currency in the reader's language. */
export const offeringMoney = (offering: Pick<IpoOffering, 'currency'>, minor: number, lang: Locale) =>
  formatMoney(minor, offering.currency.code, offering.currency.precision, lang);

/** "$18.00 – $22.00" */
export const priceRange = (offering: Pick<IpoOffering, 'currency' | 'price_min' | 'price_max'>, lang: Locale) => `${offeringMoney(offering, offering.price_min, lang)} – ${offeringMoney(offering, offering.price_max, lang)}`;

/** A moment in the reader's own time zone, with the zone named: windows are set in UTC. */
export const localTime = (i18n: I18n, iso: string) =>
  // Intl refuses a zone name beside dateStyle/timeStyle: the parts are named one by one.
  i18n.date(new Date(iso), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });

export const localDate = (i18n: I18n, iso: string) => i18n.date(new Date(iso), { dateStyle: 'long' });

export const shareCount = (i18n: I18n, shares: number) => i18n.number(shares, { maximumFractionDigits: 0 });
